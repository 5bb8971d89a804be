package dev.polycube.cli;

import dev.polycube.catalog.CatalogFile;
import dev.polycube.catalog.CatalogLayout;
import dev.polycube.catalog.CatalogLayouts;
import dev.polycube.error.Plural;
import dev.polycube.puzzle.SymmetryMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "convert", mixinStandardHelpOptions = true, header = "Rewrite a catalog in another layout.",
        description = {"Rewrites a catalog in another layout (--to; docs/catalog-format.md describes each).",
            "Labels are matched to the puzzle's pieces by shape; a mirror-image set is mirrored back. Native output is",
            "canonical and sorted; the other layouts keep the input order. Kurowski's layout uses his piece numbers",
            "where the puzzle records them (Bedlam: 0 flat-R, 1 flat-X-plus, ..., C the 4-cube squiggle).",
            "",
            "Examples:  polycube convert catalogs/bedlam.txt bedlam-kurowski.txt --to kurowski",
            "           polycube convert ekstrom.txt bedlam.txt --puzzle bedlam            (to native)"})
final class ConvertCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(index = "0", paramLabel = "IN", description = "the catalog to read")
    private Path in;

    @CommandLine.Parameters(index = "1", paramLabel = "OUT", description = "the file to write (atomically)")
    private Path out;

    @Option(names = "--to", paramLabel = "FORMAT",
            completionCandidates = Candidates.Layouts.class,
            description = "${COMPLETION-CANDIDATES} (default: jsonl for *.jsonl, else native)")
    private String to;

    @CommandLine.Mixin
    private CatalogOptions options;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter pw = spec.commandLine().getOut();
        CatalogLayout target = CatalogLayouts.named(to != null ? to : out.toString().endsWith(".jsonl") ? "jsonl" : "native");
        dev.polycube.files.PathInfo.requireOutput("OUT", out, List.of(in));
        try (CatalogFile c = options.open(in)) {
            SymmetryMode symmetry = options.symmetry(pw, c);
            long n;
            try (StatusLine status = new StatusLine("convert", quiet.on())) {
                n = target.write(out, c.puzzle(), symmetry, () -> {
                    var packings = c.packings().iterator();
                    return new java.util.Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return packings.hasNext();
                        }

                        @Override
                        public dev.polycube.catalog.Packing next() {
                            status.update(() -> String.format("%,d entries", c.entries()));
                            return packings.next();
                        }
                    };
                });
            }
            pw.printf("%s (%s, %s) -> %s (%s, %s)%n", in, c.layout(), Plural.count(c.entries(), "entry", "entries"), out, target,
                    Plural.count(n, "entry", "entries"));
            return ExitCodes.OK;
        }
    }
}
