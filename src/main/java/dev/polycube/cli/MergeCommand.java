package dev.polycube.cli;

import dev.polycube.checkpoint.Shard;
import dev.polycube.error.Plural;
import dev.polycube.run.Merge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "merge", mixinStandardHelpOptions = true, header = "Merge shard catalogs into the single-run catalog.",
        description = {"Merges the catalogs of the parts of one run (shards 1/N .. N/N, or --units pieces that together",
            "cover every work unit exactly once) into exactly the catalog a single run writes (byte for byte). Every",
            "solution line is checked as `verify` would. Refuses parts of different puzzles, symmetries or polycube",
            "versions, limited parts (--limit), edited ones, overlapping parts and an incomplete set, naming the",
            "missing units (and shards). Streams the parts, so they need not fit in memory.",
            "",
            "The parts of a count (solve --count-only --shard K/N writes NAME.shard-K-of-N.count.txt) hold numbers,",
            "not lines: merge adds them, under the same rules, into a count file (all parts counts, or none).",
            "",
            "The merged file comes first, or anywhere with -o (as solve names its output).",
            "",
            "Examples:",
            "  polycube merge catalogs/bedlam.txt catalogs/bedlam.shard-*-of-3.txt",
            "  polycube merge catalogs/bedlam.shard-*-of-3.txt -o catalogs/bedlam.txt",
            "  polycube merge catalogs/soma.count.txt catalogs/soma.shard-*-of-3.count.txt"},
        customSynopsis = {"polycube merge [-hV] OUT SHARD...", "       polycube merge [-hV] -o OUT SHARD..."})
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "the merged catalog to write; then every argument is a part")
    private Path output;

    @CommandLine.Parameters(arity = "1..*", paramLabel = "OUT SHARD", description = {
        "OUT: the merged catalog to write (unless -o names it)",
        "SHARD: the catalogs (or counts) of the parts"})
    private List<Path> arguments;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() throws java.io.IOException {
        Path out = output != null ? output : arguments.get(0);
        List<Path> shards = output != null ? arguments : arguments.subList(1, arguments.size());
        if (shards.isEmpty()) {
            throw new dev.polycube.error.OptionException("merge needs the file to write and at least one part: polycube "
                    + "merge OUT SHARD... (or SHARD... -o OUT)");
        }
        java.util.Optional<Shard.PartName> part = Shard.partName(out.getFileName().toString());
        if (output == null && dev.polycube.files.PathInfo.isRegularFile(out) && part.isPresent()) {
            Path dir = out.getParent() == null ? Path.of("") : out.getParent();
            throw new dev.polycube.error.OptionException("the first argument, " + out + ", is the file to write, but it "
                    + "is a part (shard K of N, by its name), which merge never overwrites: name the output first, e.g. "
                    + "polycube merge " + dir.resolve(part.get().whole()) + " "
                    + dir.resolve(part.get().everyPart()) + " (or -o OUT after the parts)");
        }
        dev.polycube.files.PathInfo.requireOutput("OUT", out, shards);
        Merge.Result r;
        try (StatusLine status = new StatusLine("merge", quiet.on())) {
            r = Merge.merge(out, shards, (stage, lines) -> status.update(() -> stage + ": " + String.format("%,d", lines) + " lines read"));
        }
        PrintWriter pw = spec.commandLine().getOut();
        pw.printf("merged %s of %s: %s -> %s%n", Plural.count(r.parts(), "part"), r.puzzle().name(), Plural.count(r.solutions(), "solution"),
                r.catalog());
        return Format.verdict(pw, r.verdict());
    }
}
