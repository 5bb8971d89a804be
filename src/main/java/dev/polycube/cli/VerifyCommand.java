package dev.polycube.cli;

import dev.polycube.catalog.CatalogFile;
import dev.polycube.catalog.CatalogScan;
import dev.polycube.error.Plural;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "verify", mixinStandardHelpOptions = true, header = "Check that every entry of a catalog is a valid, distinct solution.",
        description = {"Checks a catalog in any layout: every entry must be a packing of the puzzle by its real pieces",
            "(rotated only, unless the puzzle allows mirrored pieces), and no two entries may be the same solution",
            "under the symmetry. Prints the count and the first problems with their entry numbers.",
            "Exit 0 only when everything is valid; 1 when there are problems; 2 when the file cannot be read.",
            "",
            "Examples:  polycube verify catalogs/bedlam.txt",
            "           polycube verify catalogs/published/ekstrom-bedlam-19186-solutions.txt --puzzle bedlam"})
final class VerifyCommand implements Callable<Integer> {

    private static final int SHOWN = 10;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "CATALOG", description = "the catalog file")
    private Path file;

    @CommandLine.Mixin
    private CatalogOptions options;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        try (CatalogFile c = options.open(file)) {
            Puzzle p = c.puzzle();
            SymmetryMode symmetry = options.symmetry(out, c);
            try (CatalogScan scan = CatalogOptions.scan(c, symmetry, quiet.on())) {
                CatalogScan.Verification v = scan.verify();
                out.printf("%s: %s catalog of %s, %s, %s (%s)%n", file, c.layout(), p.name(),
                        Plural.count(v.entries(), "entry", "entries"), Plural.count(v.valid(), "distinct valid solution"), symmetry.id());
                if (c.mirroredEntries() > 0) {
                    out.printf("note: the catalog is drawn with the mirror-image piece set; %s mirrored to compare%n",
                            c.mirroredEntries() == 1 ? "its entry was" : String.format("its %,d entries were", c.mirroredEntries()));
                }
                Format.verdict(out, v.verdict()); // shown; verify's answer is about the entries, not the count
                if (v.ok()) {
                    out.println("valid");
                    return ExitCodes.OK;
                }
                out.printf("%s:%n", Plural.count(v.problemCount(), "problem"));
                v.problems().stream().limit(SHOWN).forEach(s -> out.println("  " + s));
                if (v.problemCount() > SHOWN) {
                    out.printf("  ... and %,d more%n", v.problemCount() - SHOWN);
                }
                return ExitCodes.NEGATIVE;
            }
        }
    }
}
