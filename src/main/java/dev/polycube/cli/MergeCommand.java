package dev.polycube.cli;

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
            "Examples:",
            "  polycube merge catalogs/bedlam.txt catalogs/bedlam.shard-*-of-3.txt",
            "  polycube merge catalogs/soma.count.txt catalogs/soma.shard-*-of-3.count.txt"})
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(index = "0", paramLabel = "OUT", description = "the merged catalog to write")
    private Path out;

    @CommandLine.Parameters(index = "1..*", arity = "1..*", paramLabel = "SHARD", description = "the catalogs (or counts) of the parts")
    private List<Path> shards;

    @Override
    public Integer call() throws java.io.IOException {
        dev.polycube.files.PathInfo.requireOutput("OUT", out, shards);
        Merge.Result r;
        try (StatusLine status = new StatusLine("merge", false)) {
            r = Merge.merge(out, shards, (stage, lines) -> status.update(() -> stage + ": " + String.format("%,d", lines) + " lines read"));
        }
        PrintWriter pw = spec.commandLine().getOut();
        pw.printf("merged %d parts of %s: %s -> %s%n", r.parts(), r.puzzle().name(), Format.count(r.solutions(), "solution"),
                r.catalog());
        return Format.verdict(pw, r.verdict());
    }
}
