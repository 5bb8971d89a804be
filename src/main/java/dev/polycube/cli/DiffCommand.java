package dev.polycube.cli;

import dev.polycube.catalog.CatalogDiff;
import dev.polycube.catalog.CatalogFile;
import dev.polycube.catalog.CatalogScan;
import dev.polycube.error.Plural;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.render.LayerText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "diff", mixinStandardHelpOptions = true, header = "Compare two catalogs modulo symmetry, labels and handedness.",
        description = {"Compares two catalogs of one puzzle, in any two layouts, modulo the symmetry and modulo labels:",
            "labels are matched to pieces by shape, so another numbering is no difference, and a catalog drawn",
            "with the mirror-image piece set is mirrored back (and said so). Prints common / only-in-A /",
            "only-in-B counts and draws the first differing solutions as layers.",
            "Exit 0 when equal, 1 when they differ, 2 on error (unreadable file, malformed entry, other puzzle).",
            "",
            "Example:  polycube diff catalogs/bedlam.txt catalogs/published/ekstrom-bedlam-19186-solutions.txt"})
final class DiffCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(index = "0", paramLabel = "A", description = "first catalog")
    private Path a;

    @CommandLine.Parameters(index = "1", paramLabel = "B", description = "second catalog")
    private Path b;

    @CommandLine.Mixin
    private CatalogOptions options;

    @Option(names = "--show", paramLabel = "N", defaultValue = "3",
            description = "draw at most N differing solutions from each side (default: ${DEFAULT-VALUE})")
    private int show;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        try (CatalogFile ca = options.open(a); CatalogFile cb = options.open(b, ca.puzzle())) {
            Puzzle p = ca.puzzle();
            SymmetryMode symmetry = options.symmetry(out, ca, cb);
            try (CatalogScan sa = CatalogOptions.scan(ca, symmetry, quiet.on()).requireAllValid();
                 CatalogScan sb = CatalogOptions.scan(cb, symmetry, quiet.on()).requireAllValid()) {
                CatalogDiff d = CatalogDiff.of(sa, sb);
                describe(out, "A", sa, d.distinctA());
                describe(out, "B", sb, d.distinctB());
                out.printf("common: %,d   only in A: %,d   only in B: %,d   (compared modulo %s, labels matched by shape)%n",
                        d.common(), d.onlyA(), d.onlyB(), symmetry.id());
                draw(out, "A", d.firstOnlyA(), p);
                draw(out, "B", d.firstOnlyB(), p);
                return d.equal() ? ExitCodes.OK : ExitCodes.NEGATIVE;
            }
        }
    }

    private static void describe(PrintWriter out, String side, CatalogScan scan, long distinct) {
        CatalogFile c = scan.source();
        out.printf("%s: %s (%s, %s): %s, %,d distinct%n", side, c.file(), c.layout(), c.puzzle().name(),
                Plural.count(c.entries(), "entry", "entries"), distinct);
        if (c.entries() != distinct) {
            out.printf("   %s a solution already listed%n", c.entries() - distinct == 1 ? "1 entry repeats"
                    : String.format("%,d entries repeat", c.entries() - distinct));
        }
        if (c.mirroredEntries() > 0) {
            out.printf("   uses the mirror-image piece set: %s mirrored before comparing%n",
                    Plural.count(c.mirroredEntries(), "entry", "entries"));
        }
        Map<String, String> labels = scan.labelToPiece();
        boolean same = labels.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()));
        if (!same) {
            StringBuilder sb = new StringBuilder();
            new TreeMap<>(labels).forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
            out.printf("   labels matched by shape (label=piece):%s%n", sb);
        }
    }

    private void draw(PrintWriter out, String side, Map<Integer, String> only, Puzzle p) {
        int n = 0;
        for (Map.Entry<Integer, String> e : only.entrySet()) {
            if (n++ >= show) {
                break;
            }
            out.printf("%nonly in %s: entry %d (canonical form; piece labels of %s)%n", side, e.getKey(), p.name());
            var t = p.target();
            LayerText.rows(e.getValue(), t.sizeX(), t.sizeY(), t.sizeZ()).forEach(r -> out.println("  " + r));
        }
    }
}
