package dev.polycube.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.TestPuzzles;
import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.StopReason;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analysis run: stopped and resumed it does every class once and writes what an unbroken run writes. */
class AnalysisTest {

    /**
     * A catalog whose classes would not fit in the heap is refused before it is read, with what it needs and how to
     * give it that; one that fits is not.
     */
    @Test
    void anAnalysisPastTheHeapIsRefusedWithWhatItNeeds() {
        long gib = 1L << 30;
        Analysis.requireFits(1_629_189, 64, gib); // the 8x8 dominoes' classes: about 260 MB
        var refused = org.junit.jupiter.api.Assertions.assertThrows(dev.polycube.error.BadInputException.class,
                () -> Analysis.requireFits(12_988_816, 64, gib));
        String m = refused.getMessage();
        assertTrue(m.contains("12,988,816 classes of 64 cells"), m);
        assertTrue(m.contains("1,024 MiB of heap"), m);
        var advised = java.util.regex.Pattern.compile("-Xmx(\\d+)g").matcher(m);
        assertTrue(advised.find(), m);
        // the heap it advises is enough, even as the parallel collector counts it (a tenth less than -Xmx)
        Analysis.requireFits(12_988_816, 64, (long) (0.9 * Long.parseLong(advised.group(1)) * gib));
    }

    @Test
    void aStoppedAnalysisResumesWithoutRedoingAnything(@TempDir Path dir) throws Exception {
        Puzzle soma = TestPuzzles.builtIn("soma");
        List<String> lines = TestPuzzles.solve(soma, SymmetryMode.ROTATIONS, 2).lines();
        Catalog header = NativeCatalog.of(soma, SymmetryMode.ROTATIONS, List.of());
        Path whole = dir.resolve("whole.txt");
        Analysis.Summary once = Analysis.run(new Analysis.Request(soma, header, lines, whole, 2, false, null, false),
                (d, t) -> { }, new SearchControl());
        assertEquals(lines.size(), once.assemblies());

        Path broken = dir.resolve("broken.txt");
        Analysis.Request request = new Analysis.Request(soma, header, lines, broken, 1, false, null, false);
        SearchControl control = new SearchControl();
        int[] seen = new int[1];
        assertNull(Analysis.run(request, (d, t) -> {
            seen[0] = d;
            if (d >= 64) {
                control.stop(StopReason.INTERRUPTED);
            }
        }, control));
        assertTrue(Files.exists(Analysis.journalOf(broken)), "the journal keeps what was done");
        assertFalse(Files.exists(broken));
        Analysis.Summary rest = Analysis.run(request, (d, t) -> { }, new SearchControl());
        assertEquals(seen[0], rest.resumed(), "everything journaled is taken, nothing redone");
        assertEquals(Files.readString(whole), Files.readString(broken));
        assertFalse(Files.exists(Analysis.journalOf(broken)), "a finished analysis deletes its journal");
    }

    /**
     * A line that is no packing of the puzzle, met by a worker thread, stops the analysis and reaches the caller as the
     * catalog error it is (before, the pool's thread printed it as an uncaught exception); what was analysed is journaled.
     * The command line checks the lines of a catalog given another puzzle before they get here (--puzzle).
     */
    @Test
    void aLineOfAnotherPuzzleFailsTheAnalysisAsACatalogError(@TempDir Path dir) {
        Puzzle soma = TestPuzzles.builtIn("soma");
        List<String> lines = new java.util.ArrayList<>(TestPuzzles.solve(soma, SymmetryMode.ROTATIONS, 2).lines());
        lines.set(300, "X".repeat(27));
        Catalog header = NativeCatalog.of(soma, SymmetryMode.ROTATIONS, List.of());
        Path out = dir.resolve("out.txt");
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.polycube.catalog.CatalogException.class,
                () -> Analysis.run(new Analysis.Request(soma, header, lines, out, 2, false, null, false), (d, t) -> { },
                        new SearchControl()));
        assertTrue(e.getMessage().contains("'X'"), e.getMessage());
        assertFalse(Files.exists(out));
        assertTrue(Files.exists(Analysis.journalOf(out)));

        var r = CliRunner.run("solve", "soma", "-q", "--no-checkpoint", "-o", dir.resolve("soma.txt").toString());
        assertEquals(0, r.code(), r.err());
        r = CliRunner.run("disassemble", dir.resolve("soma.txt").toString(), "--puzzle", "bedlam", "-o",
                dir.resolve("levels.txt").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("is not a catalog of bedlam"), r.err());
    }

    @Test
    void theCommandLineWritesLevelsThatEveryReaderAccepts(@TempDir Path dir) throws Exception {
        Path cat = dir.resolve("dracula.txt");
        String file = "src/test/resources/burrtools/DraculasDentalDesaster.xmpuzzle";
        CliRunner.Result r = CliRunner.run("solve", file, "-o", cat.toString(), "--no-checkpoint", "--disassemble");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("84 assemblies, 1 can be taken apart"), r.out());
        assertTrue(Files.readString(cat).startsWith(NativeCatalog.MAGIC_V3 + "\n"));
        r = CliRunner.run("verify", cat.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        Path only = dir.resolve("only.txt");
        r = CliRunner.run("disassemble", cat.toString(), "--only-solutions", "--sort", "level", "-o", only.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        List<String> kept = Files.readAllLines(only).stream().filter(l -> !l.startsWith("#")).toList();
        assertEquals(1, kept.size());
        assertTrue(kept.get(0).endsWith(" 3.5.16.6.4"), "BurrTools' level for the one that comes apart");
        r = CliRunner.run("disassemble", cat.toString(), "--only-solutions");
        assertEquals(2, r.code(), "filtering in place would drop lines: refused");
        assertTrue(r.err().contains("give -o OUT"), r.err());
        Files.writeString(dir.resolve("bad.txt"), Files.readString(only).replace(" 3.5.16.6.4", " 3.x"));
        r = CliRunner.run("verify", dir.resolve("bad.txt").toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("'3.x'"), r.err());
    }
}
