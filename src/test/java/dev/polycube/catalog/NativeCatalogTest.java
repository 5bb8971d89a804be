package dev.polycube.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.puzzle.SymmetryMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeCatalogTest {

    @TempDir
    Path dir;

    private Path writeSomaCatalog() throws IOException {
        Puzzle soma = TestPuzzles.builtIn("soma");
        List<String> lines = TestPuzzles.solve(soma, SymmetryMode.ROTATIONS, 2).lines();
        Path file = dir.resolve("soma.txt");
        NativeCatalog.write(file, NativeCatalog.of(soma, SymmetryMode.ROTATIONS, lines), soma);
        return file;
    }

    @Test
    void writesSortedLinesWithTheDocumentedHeaderAndReadsThemBack() throws IOException {
        Puzzle soma = TestPuzzles.builtIn("soma");
        Path file = writeSomaCatalog();
        List<String> text = Files.readAllLines(file);
        assertEquals(NativeCatalog.MAGIC, text.get(0));
        assertTrue(text.contains("# puzzle: soma"));
        assertTrue(text.contains("# box: 3x3x3"));
        assertTrue(text.contains("# symmetry: rotations"));
        assertTrue(text.contains("# solutions: 480"));
        assertTrue(text.stream().anyMatch(l -> l.startsWith("# label a: piece a")));

        Catalog back = NativeCatalog.load(file);
        assertEquals(480, back.lines().size());
        List<String> sorted = new java.util.ArrayList<>(back.lines());
        sorted.sort(null);
        assertEquals(sorted, back.lines());
        Puzzle defined = NativeCatalog.definedPuzzle(back, file.toString());
        assertEquals(PuzzleWriter.text(soma), PuzzleWriter.text(defined), "the header carries the puzzle");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    /** A label line counts its piece's cells in words: "1 cell" for a monocube, "3 cells" otherwise. */
    @Test
    void aLabelLineSaysOneCellInTheSingular() throws IOException {
        Puzzle p = TestPuzzles.parse("name m\nbox 2 2 1\npiece A 1 (0,0,0) (1,0,0) (1,1,0)\npiece B 1 (0,0,0)\n");
        List<String> lines = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 1).lines();
        Path file = dir.resolve("m.txt");
        NativeCatalog.write(file, NativeCatalog.of(p, SymmetryMode.ROTATIONS, lines), p);
        List<String> text = Files.readAllLines(file);
        assertTrue(text.contains("# label A: piece A, 3 cells"), String.join("\n", text));
        assertTrue(text.contains("# label B: piece B, 1 cell"), String.join("\n", text));
    }

    /** A reader that took the first entries can count the rest without interpreting them: 480 in all (Lepage's count). */
    @Test
    void theRestOfACatalogIsCountedWithoutReadingItsPackings() throws IOException {
        Path file = writeSomaCatalog();
        try (CatalogFile c = CatalogFile.open(file, null, null)) {
            for (int k = 0; k < 3; k++) {
                assertTrue(c.next().problem() == null);
            }
            java.util.List<Integer> told = new java.util.ArrayList<>();
            assertEquals(480, c.skipRest(told::add));
            assertEquals(480, c.entries());
            assertEquals(null, c.next());
        }
    }

    /**
     * A store's catalog is written with its count taken from the runs' sizes, checked against the lines written:
     * with every line added once the header is right at once; with lines added twice across spilled runs the
     * count is wrong at first and the catalog is written again, never left with a wrong header.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aStoresCatalogCarriesTheExactCountWhetherOrNotLinesRepeatAcrossRuns(boolean repeats) throws IOException {
        Puzzle soma = TestPuzzles.builtIn("soma");
        List<String> lines = TestPuzzles.solve(soma, SymmetryMode.ROTATIONS, 2).lines();
        Path reference = dir.resolve("reference.txt");
        NativeCatalog.write(reference, NativeCatalog.of(soma, SymmetryMode.ROTATIONS, lines), soma);
        Path file = dir.resolve("store.txt");
        try (LineStore store = LineStore.withLimit(50)) {
            for (String l : lines) {
                store.add(l);
            }
            if (repeats) {
                for (String l : lines.subList(0, 120)) {
                    store.add(l); // in later runs than their first copies
                }
            }
            assertTrue(store.spilled());
            assertEquals(repeats, store.frozen().countWithoutReading() != lines.size(), "the runs' sizes count repeats twice");
            long written = NativeCatalog.writeStore(file, NativeCatalog.of(soma, SymmetryMode.ROTATIONS, List.of()), soma,
                    store, 0);
            assertEquals(lines.size(), written);
        }
        assertEquals(-1L, Files.mismatch(reference, file), "the same bytes as the catalog written from a list");
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void truncatedOrMalformedCatalogsAreRefusedWithFileAndLine() throws IOException {
        Path file = writeSomaCatalog();
        List<String> text = Files.readAllLines(file);

        Path truncated = dir.resolve("truncated.txt");
        Files.write(truncated, text.subList(0, text.size() - 3));
        CatalogException e = assertThrows(CatalogException.class, () -> NativeCatalog.load(truncated));
        assertTrue(e.getMessage().contains("header says 480 solutions but the file has 477"), e.getMessage());

        Path bad = dir.resolve("bad.txt");
        List<String> broken = new java.util.ArrayList<>(text);
        int last = broken.size() - 1;
        broken.set(last, broken.get(last).substring(1));
        Files.write(bad, broken);
        e = assertThrows(CatalogException.class, () -> NativeCatalog.load(bad));
        assertTrue(e.getMessage().startsWith(bad + ":" + (last + 1) + ": solution 480 has 26 characters"), e.getMessage());
    }
}
