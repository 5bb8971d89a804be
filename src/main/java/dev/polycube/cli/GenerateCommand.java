package dev.polycube.cli;

import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.files.AtomicFiles;
import dev.polycube.generate.Generator;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.solve.Solver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "generate", mixinStandardHelpOptions = true, header = "Make a puzzle from a solution: hints, unique or merely solvable.",
        description = {"Makes a puzzle with a unique answer: picks a solution (one of the first 1,000 the search finds), shows K of its pieces as hints, and keeps",
            "the hints only if the other pieces complete them in exactly one way (completions counted up to 2, in the",
            "fixed frame). With --unique no any K pieces of the solution will do (it is solvable by construction),",
            "down to --hints 0, a blank box; its completions are counted up to 1000. Writes a puzzle file with the",
            "hints as 'fix' lines and the solution as a comment, and says how hard it is (completions with one hint",
            "fewer, search nodes); a hint that adds nothing (as many completions without it) gets a warning. The same",
            "seed gives the same puzzle.",
            "",
            "Examples:  polycube generate tetracubes-2x4x4 --hints 4 --seed 42 -o puzzle.txt",
            "           polycube generate tetracubes-2x4x4 --hints 2 --unique no -o solvable.txt",
            "           polycube generate tetracubes-2x4x4 --hints 0 --unique no -o blank.txt",
            "           polycube generate bedlam --min-hints --seed 7 -o bedlam-hints.txt",
            "           polycube solve puzzle.txt --symmetry fixed      (1 completion)"})
final class GenerateCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "PUZZLE", completionCandidates = Candidates.Puzzles.class, description = "a built-in name or a puzzle file")
    private String puzzleName;

    @CommandLine.Mixin
    private TurnOptions mirror = new TurnOptions();

    @Option(names = "--hints", paramLabel = "K", description = "number of hint pieces (0: a blank box, with --unique no)")
    private Integer hints;

    /** --unique's values. */
    enum Unique implements OptionValue {
        YES, NO
    }

    @Option(names = "--unique", paramLabel = "yes|no", defaultValue = "yes", completionCandidates = Candidates.YesNo.class,
            description = "yes (default): the hints leave exactly one completion; no: a puzzle that is merely solvable "
                    + "(any hints from one solution, down to none), its completions counted up to " + Generator.CAP)
    private String unique;


    @Option(names = "--min-hints", description = "find the fewest hints that make the completion unique (and no hint "
            + "can be dropped)")
    private boolean minHints;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--tries", paramLabel = "N", defaultValue = "200",
            description = "random hint sets to try per hint count (default: ${DEFAULT-VALUE})")
    private int tries;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "the puzzle file to write")
    private Path output;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Option(names = {"-t", "--threads"}, paramLabel = "N", description = "worker threads (default: all cores)")
    private int threads = Solver.Options.defaultThreads();

    @Override
    public Integer call() throws Exception {
        OptionException.requireRange("--tries", tries, 1, 1_000_000);
        dev.polycube.files.PathInfo.requireOutput("-o", output, java.util.Collections.singletonList(dev.polycube.puzzle.BuiltInPuzzles.inputFile(puzzleName)));
        if ((hints == null) == !minHints) {
            throw new OptionException("give either --hints K or --min-hints");
        }
        boolean mustBeUnique = OptionValue.parse(Unique.class, "--unique", unique) == Unique.YES;
        if (hints != null && hints < 0) {
            throw new OptionException("--hints must be 0 or more, got " + hints);
        }
        Puzzle puzzle = mirror.apply(PuzzleInput.load(puzzleName));
        Generator.Result r;
        try (StatusLine status = new StatusLine("generate", quiet.on())) {
            r = Generator.generate(new Generator.Request(puzzle, minHints ? Generator.FEWEST : hints, mustBeUnique, seed, threads,
                    tries, status::update));
        }
        String name = puzzle.name() + "-" + r.hints().size() + "-hints-seed-" + seed;
        Puzzle made = new Puzzle(name, puzzle.title() + ", " + Plural.count(r.hints().size(), "hint"), puzzle.pieces(), puzzle.target(),
                puzzle.mirroredPieces(), puzzle.oneSided(), java.util.Map.of(), null, output.toString(), r.puzzle().fixed(), puzzle.groups(), puzzle.symmetry(), puzzle.colours(), puzzle.container(), java.util.List.of());
        StringBuilder text = new StringBuilder();
        text.append("# Generated by `polycube generate ").append(puzzle.name()).append(minHints ? " --min-hints" : " --hints " + hints)
                .append(mustBeUnique ? "" : " --unique no").append(" --seed ").append(seed).append("`: ")
                .append(mustBeUnique ? "the fixed pieces complete in exactly one way.\n" : completions(r) + ".\n");
        text.append("# Difficulty: completions with one hint fewer: ").append(describe(r)).append("; search nodes to solve: ")
                .append(r.nodes()).append('\n');
        text.append("# solution: ").append(r.solution()).append('\n');
        for (String l : PuzzleWriter.lines(made)) {
            text.append(l).append('\n');
        }
        if (r.completions() < Generator.CAP) {
            text.append("expect fixed ").append(r.completions()).append("\n#   status(fixed): checked by polycube generate (completions counted up to ")
                    .append(mustBeUnique ? 2 : Generator.CAP).append(")\n");
        }
        AtomicFiles.write(output, w -> w.write(text.toString()));
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: %s (%s), %s; with one hint fewer: %s; %,d nodes; %d hint sets tried -> %s%n",
                puzzle.name(), Plural.count(r.hints().size(), "hint"), hintNames(puzzle, r), mustBeUnique ? "unique completion" : completions(r),
                r.hints().isEmpty() ? "-" : describe(r), r.nodes(), r.tried(), output);
        for (int i : r.idle()) {
            spec.commandLine().getErr().printf("warning: hint %d (%s) adds nothing: without it there are as many completions (%d)%n",
                    i + 1, puzzle.pieces().get(r.hints().get(i).piece()).name(), r.completions());
        }
        return ExitCodes.OK;
    }

    private static String completions(Generator.Result r) {
        return r.completions() >= Generator.CAP ? "at least " + Generator.CAP + " completions"
                : r.completions() + (r.completions() == 1 ? " completion" : " completions");
    }

    private static String hintNames(Puzzle puzzle, Generator.Result r) {
        return r.hints().isEmpty() ? "a blank box" : String.join(" ", r.hints().stream().map(h -> puzzle.pieces().get(h.piece()).name()).toList());
    }

    private static String describe(Generator.Result r) {
        return String.join(", ", r.oneFewer().stream()
                .map(n -> n >= Generator.CAP ? ">=" + Generator.CAP : String.valueOf(n)).toList());
    }
}
