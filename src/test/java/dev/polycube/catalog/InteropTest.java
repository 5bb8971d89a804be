package dev.polycube.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading, diffing and converting catalogs. The published catalogs are the copies in catalogs/published/
 * (Lepage's 480 Soma solutions, Kurowski's 20-solution output sample; origins in SOURCES.md there).
 */
class InteropTest {

    private static final Path PUBLISHED = Path.of("catalogs", "published");

    @TempDir
    Path dir;

    private static CliRunner.Result cli(String... args) {
        return CliRunner.run(args);
    }

    private Path somaCatalog(SymmetryMode mode) throws IOException {
        Puzzle soma = TestPuzzles.builtIn("soma");
        Path file = dir.resolve("soma-" + mode.id() + ".txt");
        NativeCatalog.write(file, NativeCatalog.of(soma, mode, TestPuzzles.solve(soma, mode, 2).lines()), soma);
        return file;
    }

    @Test
    void ourSomaCatalogEqualsLepages480() throws IOException {
        CliRunner.Result r = cli("diff", somaCatalog(SymmetryMode.ROTATIONS).toString(), PUBLISHED.resolve("lepage-soma-cube-480.txt").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("common: 480   only in A: 0   only in B: 0"), r.out());
        assertTrue(r.out().contains("4<=b"), "Lepage's labels are matched by shape: " + r.out());
    }

    @Test
    void lepagesListIs240ClassesWithReflections() throws IOException {
        CliRunner.Result r = cli("diff", somaCatalog(SymmetryMode.ROTATIONS_AND_REFLECTIONS).toString(),
                PUBLISHED.resolve("lepage-soma-cube-480.txt").toString(), "--symmetry", "rotations+reflections");
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("common: 240   only in A: 0   only in B: 0"), r.out());
    }

    @Test
    void kurowskisSampleIsReadWithHisAxesAndVerifies() {
        CliRunner.Result r = cli("verify", PUBLISHED.resolve("kurowski-solver-output-sample-20.txt").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("kurowski catalog of bedlam, 20 entries, 20 distinct valid solutions"), r.out());
    }

    /**
     * A doctored copy of the Soma list: two entries removed, one rotated, one relabelled, one mirrored. Soma's
     * set is its own mirror image, so the mirrored entry is another valid solution, the mirror class, which
     * the list already has: the diff must report the removed two and the mirrored one's original as only in A,
     * nothing only in B, and one repeated entry in B.
     */
    @Test
    void doctoredCopyIsReportedExactly() throws IOException {
        Path ours = somaCatalog(SymmetryMode.ROTATIONS);
        Catalog c = NativeCatalog.load(ours);
        Puzzle soma = TestPuzzles.builtIn("soma");
        List<String> lines = new ArrayList<>(c.lines());
        lines.remove(100);
        lines.remove(7);
        lines.set(0, rotateZ(lines.get(0)));
        lines.set(1, lines.get(1).replace('V', '#').replace('L', 'V').replace('#', 'L'));
        lines.set(2, mirrorX(lines.get(2)));
        Path doctored = dir.resolve("doctored.jsonl");
        // write the doctored lines through the JSON Lines writer (a raw native file would be re-canonicalized)
        List<Packing> packings = new ArrayList<>();
        for (String l : lines) {
            packings.add(Packing.fromLine(soma, l));
        }
        CatalogLayouts.named("jsonl").write(doctored, soma, SymmetryMode.ROTATIONS, packings);
        CliRunner.Result r = cli("diff", ours.toString(), doctored.toString(), "--show", "0");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("common: 477   only in A: 3   only in B: 0"), r.out());
        assertTrue(r.out().contains("1 entry repeats a solution"), r.out());
    }

    /** Kurowski's 20 Bedlam solutions, one of them redrawn with the mirror-image pieces: matched, mirrored back, said so. */
    @Test
    void mirrorImagePieceSetIsDetectedAndMirroredBack() throws IOException {
        Path sample = PUBLISHED.resolve("kurowski-solver-output-sample-20.txt");
        List<String> text = Files.readAllLines(sample);
        for (int n = 1; n <= 20; n++) {
            mirrorEntry(text, n);
        }
        Path mirrored = dir.resolve("mirrored.txt");
        Files.write(mirrored, text);
        CliRunner.Result r = cli("diff", sample.toString(), mirrored.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("mirror-image piece set: 20 entries mirrored"), r.out());
    }

    /**
     * Handedness is one per catalog: a single entry drawn with the mirror images of a chiral set (a packing
     * no real Bedlam set can make) is an error naming it, in verify, diff and convert alike.
     */
    @Test
    void oneMirroredEntryInACatalogIsAnErrorNotAFix() throws IOException {
        Path sample = PUBLISHED.resolve("kurowski-solver-output-sample-20.txt");
        List<String> text = Files.readAllLines(sample);
        mirrorEntry(text, 5);
        Path mixed = dir.resolve("mixed.txt");
        Files.write(mixed, text);
        CliRunner.Result v = cli("verify", mixed.toString());
        assertEquals(1, v.code(), v.out() + v.err());
        assertTrue(v.out().contains("entry 5 is drawn with the mirror-image piece set, but entry 1 with the real one"), v.out());
        CliRunner.Result d = cli("diff", sample.toString(), mixed.toString());
        assertEquals(2, d.code(), d.out() + d.err());
        assertTrue(d.err().contains("entry 5"), d.err());
        CliRunner.Result c = cli("convert", mixed.toString(), dir.resolve("out.txt").toString());
        assertEquals(2, c.code(), c.out() + c.err());
        assertTrue(!Files.exists(dir.resolve("out.txt")), "nothing written from a damaged catalog");
    }

    /** Kurowski's layout: entry {@code n}'s rows with x reversed (a mirror image). */
    private static void mirrorEntry(List<String> text, int n) {
        int at = text.indexOf("Solution " + n);
        for (int k = 1; k <= 4; k++) {
            String[] tokens = text.get(at + k).strip().split("\\s+");
            StringBuilder sb = new StringBuilder();
            for (int layer = 0; layer < 4; layer++) {
                for (int x = 3; x >= 0; x--) {
                    sb.append(' ').append(tokens[layer * 4 + x]);
                }
                sb.append("   ");
            }
            text.set(at + k, sb.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kurowski", "ekstrom", "lepage", "jsonl"})
    void convertingToEachFormatAndBackIsByteIdentical(String format) throws IOException {
        Path ours = somaCatalog(SymmetryMode.ROTATIONS);
        Path there = dir.resolve("soma." + format);
        Path back = dir.resolve("back.txt");
        assertEquals(0, cli("convert", ours.toString(), there.toString(), "--to", format).code());
        assertEquals(0, cli("convert", there.toString(), back.toString(), "--puzzle", "soma").code());
        assertEquals(-1L, Files.mismatch(ours, back));
    }

    @Test
    void malformedEntryNamesFileEntryAndLine() throws IOException {
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "Solution #0\nBKKK    DDLL    DIHL    IIIL\nBAKJ    BBKM    DEHM\n");
        CatalogException e = assertThrows(CatalogException.class, () -> readAll(bad));
        assertTrue(e.getMessage().startsWith(bad + ":3: entry 1: row has 3 layers"), e.getMessage());
    }

    @Test
    void aCatalogOfAnotherPuzzleIsReportedAsSuch() throws IOException {
        CliRunner.Result r = cli("diff", somaCatalog(SymmetryMode.ROTATIONS).toString(),
                PUBLISHED.resolve("kurowski-solver-output-sample-20.txt").toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("is not a catalog of soma"), r.err());
    }

    /** One bad entry among good ones is counted in the singular, and so is a file whose one entry is bad. */
    @Test
    void oneEntryThatIsNoPackingIsSaidInTheSingular() throws IOException {
        Path kurowski = dir.resolve("soma-k.txt");
        assertEquals(0, cli("convert", somaCatalog(SymmetryMode.ROTATIONS).toString(), kurowski.toString(), "--to", "kurowski", "-q")
                .code());
        List<String> lines = Files.readAllLines(kurowski);
        lines.set(1, "q" + lines.get(1).substring(1)); // a cell of the first entry given a label no other cell has
        Path one = dir.resolve("one-bad.txt");
        Files.write(one, lines);
        CliRunner.Result r = cli("diff", one.toString(), kurowski.toString(), "--puzzle", "soma");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("1 entry of " + one + " is not a packing of soma; first: "), r.err());
        Path alone = dir.resolve("alone.txt");
        Files.write(alone, lines.subList(0, 4));
        r = cli("diff", alone.toString(), kurowski.toString(), "--puzzle", "soma");
        assertTrue(r.err().contains("is not a catalog of soma: its one entry is not a packing of it ("), r.err());
    }

    /** The line turned a quarter about the z axis of the 3x3x3 box: (x,y,z) -> (2-y, x, z). */
    private static String rotateZ(String line) {
        char[] out = new char[27];
        for (int i = 0; i < 27; i++) {
            int x = i % 3;
            int y = (i / 3) % 3;
            int z = i / 9;
            out[(2 - y) + 3 * (x + 3 * z)] = line.charAt(i);
        }
        return new String(out);
    }

    private static String mirrorX(String line) {
        char[] out = new char[27];
        for (int i = 0; i < 27; i++) {
            int x = i % 3;
            out[i - x + (2 - x)] = line.charAt(i);
        }
        return new String(out);
    }

    /** Reads every entry of a catalog file, as any command would. */
    private static void readAll(Path file) throws java.io.IOException {
        try (CatalogLayout.EntryReader r = CatalogLayouts.open(file, null)) {
            while (r.next() != null) {
                // each entry is parsed; a malformed one throws
            }
        }
    }
}
