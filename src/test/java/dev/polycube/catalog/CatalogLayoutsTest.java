package dev.polycube.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.error.OptionException;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered layout, whatever it is: what it writes it recognises as its own and reads back as the
 * same solutions. A new layout is covered by this test as soon as it is listed in {@link CatalogLayouts}.
 */
class CatalogLayoutsTest {

    @TempDir
    Path dir;

    static Stream<CatalogLayout> layouts() {
        return CatalogLayouts.ALL.stream();
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void whatALayoutWritesItRecognisesAndReadsBackAsTheSameSolutions(CatalogLayout layout) throws IOException {
        // a chiral set in a box that is not a cube, so turned or mirrored readings would show
        Puzzle p = TestPuzzles.builtIn("tetracubes-2x4x4");
        List<String> lines = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2).lines();
        List<Packing> packings = new ArrayList<>();
        for (String l : lines.subList(0, 50)) {
            packings.add(Packing.fromLine(p, l));
        }
        Path file = dir.resolve("c." + layout.name());
        assertEquals(50, layout.write(file, p, SymmetryMode.ROTATIONS, packings));
        assertSame(layout, CatalogLayouts.detect(CatalogLayouts.head(file)), "recognised as " + layout.name());
        try (CatalogFile back = CatalogFile.open(file, null, p)) {
            assertSame(layout, back.layout());
            Set<String> read = new TreeSet<>();
            Canonicalizer canon = new Canonicalizer(p, SymmetryGroup.of(p, SymmetryMode.ROTATIONS));
            for (Packing q : back.packings()) {
                read.add(canon.canonical(q.cellCopy(), q.copyPiece()));
            }
            assertEquals(new TreeSet<>(lines.subList(0, 50)), read);
            assertEquals(0, back.mirroredEntries());
        }
    }

    @Test
    void namesAreDistinctAndLookedUpInAnyCase() {
        Set<String> names = new HashSet<>();
        for (CatalogLayout l : CatalogLayouts.ALL) {
            assertTrue(names.add(l.name()), "two layouts named " + l.name());
            assertSame(l, CatalogLayouts.named(l.name().toUpperCase(java.util.Locale.ROOT)));
            assertTrue(!l.description().isBlank());
        }
        OptionException e = assertThrows(OptionException.class, () -> CatalogLayouts.named("csv"));
        assertTrue(e.getMessage().contains("'csv'") && e.getMessage().contains(CatalogLayouts.names().toString()), e.getMessage());
    }

    /** A file no layout recognises is refused naming the layouts; an empty file and a puzzle statement, as what they are. */
    @Test
    void aFileThatIsNoCatalogIsRefusedSayingWhatItIs() throws IOException {
        Path junk = java.nio.file.Files.writeString(dir.resolve("junk.txt"), "garbage\n");
        CatalogException e = assertThrows(CatalogException.class, () -> CatalogLayouts.layoutOf(junk, null));
        assertTrue(e.getMessage().contains("cannot tell the catalog format") && e.getMessage().contains("--format"),
                e.getMessage());
        for (String text : new String[] {"", "\n  \n"}) {
            Path empty = java.nio.file.Files.writeString(dir.resolve("empty.txt"), text);
            e = assertThrows(CatalogException.class, () -> CatalogLayouts.layoutOf(empty, null));
            assertTrue(e.getMessage().contains("empty.txt is empty") && !e.getMessage().contains("format"), e.getMessage());
        }
        Path puzzle = java.nio.file.Files.writeString(dir.resolve("p.txt"),
                "# two dominoes\nname p\nbox 2 2 1\npiece D 2 (0,0,0) (1,0,0)\n");
        e = assertThrows(CatalogException.class, () -> CatalogLayouts.layoutOf(puzzle, null));
        assertTrue(e.getMessage().contains("is a puzzle file, not a catalog") && e.getMessage().contains("polycube solve "),
                e.getMessage());
    }
}
