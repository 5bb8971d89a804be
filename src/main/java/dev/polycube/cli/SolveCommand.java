package dev.polycube.cli;

import dev.polycube.error.OptionException;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.Shard;
import dev.polycube.checkpoint.UnitRanges;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.run.RunRequest;
import dev.polycube.run.Runs;
import dev.polycube.solve.Solver;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.catalog.Catalog;
import dev.polycube.disassembly.Level;
import dev.polycube.run.Analysis;
import java.io.IOException;
import java.io.PrintWriter;
import dev.polycube.files.PathInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "solve", mixinStandardHelpOptions = true, header = "Find every solution of a puzzle and write the catalog.",
        description = {"Finds every packing of a puzzle, keeps one per symmetry class, and writes them as a sorted",
            "catalog (docs/catalog-format.md). The catalog is byte-identical whatever --threads is; it is written",
            "atomically, so an interrupted run never leaves half a catalog.",
            "",
            "Examples:",
            "  polycube solve bedlam                       all 19,186 -> catalogs/bedlam.txt",
            "  polycube solve soma --symmetry rotations+reflections    Soma's 240",
            "  polycube solve tetris-cube --count-only     just the count (9,839)",
            "  polycube solve examples/dominoes-14x14.txt --count-only --symmetry fixed",
            "      112,202,208,776,036,178,000,000, counted without listing",
            "  polycube solve bedlam --limit 10 -o ten.txt  the first 10 (the same 10 on every run)",
            "  polycube solve my-puzzle.txt                a puzzle file (docs/puzzle-format.md)",
            "  polycube solve Puzzle.xmpuzzle --problem 2  a BurrTools file, counted by BurrTools' rule"})
final class SolveCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private PuzzleOptions puzzleOptions;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = {"where to write the catalog (for a part of a count, its count file); a name ending in .gz is",
                "written gzip-compressed (default:",
                "catalogs/NAME.txt, with .SYMMETRY, .fix-HASH, .first-N or .shard-K-of-N before .txt when those",
                "options are given, so different runs never overwrite each other)"})
    private Path output;

    @CommandLine.Mixin
    private RunOptions run;

    @Option(names = "--limit", paramLabel = "N", description = "stop after N solutions (deterministic: the same N each run)")
    private long limit = Long.MAX_VALUE;

    @Option(names = "--disassemble", description = {"then take every solution apart by real moves (`polycube disassemble`):",
        "how many can be built, their levels, and the level on every catalog line"})
    private boolean disassemble;

    @CommandLine.Mixin
    private DisassembleCommand.Filters filters;

    @Option(names = "--count-only", description = {"print the count, write no catalog; where few kinds of piece fill the",
        "box (dominoes, one pentacube) or the box is narrow (pentominoes in 5x12), counted without listing, in any size,",
        "while its states fit in the heap, else by search (`polycube info` says which way); with --shard or --units,",
        "each part writes its number to a count file that `polycube merge` adds"})
    private boolean countOnly;

    @Option(names = "--checkpoint", paramLabel = "FILE",
            description = {"where to keep the checkpoint (default: the catalog's name with .ckpt;",
                "with --count-only, NAME.count.ckpt beside it: a stopped count resumes too)"})
    private Path checkpoint;

    @Option(names = "--fix", paramLabel = "'PIECE (x,y,z) ...'",
            description = {"a piece already in the box (repeatable): solve then counts the completions, e.g.",
                "  --fix 'K (1,0,0) (0,1,0) (1,1,0) (2,1,0) (1,2,0)'   (cells in the catalog's x,y,z)"})
    private java.util.List<String> fix = new java.util.ArrayList<>();

    @Option(names = "--no-checkpoint", description = "keep no checkpoint (a stopped run then starts over)")
    private boolean noCheckpoint;

    @Option(names = "--shard", paramLabel = "K/N",
            description = "run only shard K of N (a fixed partition of the work units); merge the shard catalogs with "
                    + "`polycube merge` (docs/distributed.md)")
    private String shard;

    @Option(names = "--units", paramLabel = "A-B,...|@FILE",
            description = {"run only these work units: ranges such as 1200-1299 or 0-99,250, or @FILE with ranges",
                "(`polycube plan` cuts a puzzle into pieces of similar expected work); merge the pieces as shards"})
    private String units;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Puzzle puzzle = puzzleOptions.puzzle();
        if (!fix.isEmpty()) {
            java.util.List<Puzzle.FixedPiece> more = new java.util.ArrayList<>();
            for (String f : fix) {
                more.add(dev.polycube.puzzle.PuzzleParser.parseFix(puzzle, f, "--fix"));
            }
            int inFile = puzzle.fixed().size();
            puzzle = puzzle.withFixed(more);
            dev.polycube.puzzle.FixedPieces.Problem bad = dev.polycube.puzzle.FixedPieces.problem(puzzle,
                    dev.polycube.geometry.Point.ORIGIN);
            if (bad != null) {
                throw new dev.polycube.puzzle.PuzzleException(bad.index() < inFile ? puzzle.origin() + ": " + bad.message()
                        : "--fix '" + fix.get(bad.index() - inFile) + "': " + bad.message());
            }
        }
        SymmetryMode mode = puzzleOptions.symmetry(puzzle);
        if (shard != null && units != null) {
            throw new OptionException("give --shard or --units, not both");
        }
        Part part = shard != null ? Shard.parse(shard) : units != null ? UnitRanges.parse(unitsText(units)) : Part.ALL;
        Path target = output != null ? output : defaultCatalog(puzzle.name(), mode, fix, limit, part);
        List<Path> inputs = new ArrayList<>();
        inputs.add(puzzleOptions.inputFile());
        if (units != null && units.startsWith("@")) {
            inputs.add(Path.of(units.substring(1)));
        }
        // a part of a count writes its number for merge (NAME.shard-K-of-N.count.txt); a whole count writes nothing
        if (countOnly && part.isAll() && output != null) {
            // accepted (scripts pass -o to every run), but said: nothing will be written there
            Format.println(spec.commandLine().getErr(), "polycube: warning: a whole count writes no file, so -o " + output
                    + " stays unwritten (-o names a part's count file, with --shard or --units); to keep the count, "
                    + "redirect what solve prints", 4);
        }
        Path writes = countOnly && output == null ? target.resolveSibling(target.getFileName().toString()
                .replaceFirst("(\\.[^.]*)?$", ".count$1")) : target;
        if (disassemble && (countOnly || !part.isAll() || limit != Long.MAX_VALUE)) {
            throw new OptionException("--disassemble analyses a whole catalog: not with --count-only, --shard, --units or "
                    + "--limit (merge the parts, then run `polycube disassemble CATALOG`)");
        }
        if (!disassemble && (filters.onlySolutions || filters.minLevel != null || filters.byLevel())) {
            throw new OptionException("--only-solutions, --min-level and --sort go with --disassemble");
        }
        Level minLevel = filters.minLevel();
        boolean byLevel = filters.byLevel();
        // a count keeps its own checkpoint (NAME.count.ckpt), so that it and a listing run of the puzzle can both stop;
        // a part's count file is already NAME.shard-K-of-N.count.txt, whose checkpoint is then NAME.shard-K-of-N.count.ckpt
        String stem = target.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path ckpt = noCheckpoint ? null : checkpoint != null ? checkpoint
                : target.resolveSibling(countOnly ? stem.replaceFirst("\\.count$", "") + ".count.ckpt" : stem + ".ckpt");
        // a count keeps no lines, unless --stats wants Kurowski's figures, which are derived from the classes
        Solver.Options options = Solver.Options.defaults().withSymmetry(mode).withThreads(run.threads).withLimit(limit)
                .withCountOnly(countOnly && !run.stats());
        RunRequest request = new RunRequest(puzzle, options, part, writes, ckpt, run.checkpointEvery(), countOnly);
        PathInfo.requireOutput("-o", request.writes(), inputs);
        PathInfo.requireOutput("--checkpoint", ckpt, inputs);
        int code;
        try {
            code = run.execute(out, (listener, control) -> Runs.solve(request, listener, control));
        } catch (OutOfMemoryError e) {
            if (countOnly) {
                throw e;
            }
            // most often a puzzle with more solutions than any catalog holds: say what to do instead
            throw new dev.polycube.error.BadInputException("memory ran out (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB of heap) while listing " + puzzle.name() + "'s solutions: a work unit keeps the solutions it "
                    + "finds until it ends, and this puzzle's units find more than memory holds. If it has very many solutions, `polycube "
                    + "info " + puzzleOptions.argument() + "` estimates how many, --count-only counts them without listing and --limit N lists "
                    + "the first N; else give Java more memory (POLYCUBE_JAVA_OPTS=-Xmx8g, say)");
        }
        if (!disassemble) {
            return code;
        }
        if (code == ExitCodes.INTERRUPTED) {
            out.printf("then, for the levels:  polycube disassemble %s%n", target);
            out.flush();
            return code;
        }
        Catalog solved = DisassembleCommand.loadForAnalysis(target, puzzle.target().boxVolume(), run.quiet());
        Analysis.Request analysis = new Analysis.Request(puzzle, solved.withLines(List.of()), solved.lines(), target,
                run.threads, filters.onlySolutions, minLevel, byLevel);
        int analysed = DisassembleCommand.run(out, analysis, run.quiet());
        return analysed == ExitCodes.OK ? code : analysed;
    }

    /** The --units text, read from the file when it is @FILE. */
    private static String unitsText(String spec) {
        if (!spec.startsWith("@")) {
            return spec;
        }
        return dev.polycube.files.TextInput.readString(Path.of(spec.substring(1)), 16L << 20);
    }

    /**
     * {@code catalogs/NAME[.SYMMETRY][.fix-HASH][.first-N][.shard-K-of-N|.units-A-B].txt}: runs whose catalogs mean
     * different things never share a default name (rotations, the default, adds nothing).
     */
    static Path defaultCatalog(String name, SymmetryMode mode, java.util.List<String> fixes, long limit, Part part) {
        StringBuilder s = new StringBuilder(fileStem(name));
        if (mode != SymmetryMode.ROTATIONS) {
            s.append('.').append(mode.id());
        }
        if (!fixes.isEmpty()) {
            s.append(".fix-").append(Integer.toHexString(String.join("\n", fixes).hashCode()));
        }
        if (limit != Long.MAX_VALUE) {
            s.append(".first-").append(limit);
        }
        s.append(part.fileSuffix());
        return Path.of("catalogs", s.append(".txt").toString());
    }

    /**
     * A puzzle's name as a file name: it is a label from the puzzle file, never a path, so anything but
     * letters, digits, '.', '_', '+' and '-' becomes '-', and it never starts with a dot.
     */
    static String fileStem(String name) {
        String s = name.replaceAll("[^\\p{L}\\p{N}._+-]", "-").replaceAll("^[.-]+", "");
        return s.isEmpty() ? "puzzle" : s.length() > 100 ? s.substring(0, 100) : s;
    }
}
