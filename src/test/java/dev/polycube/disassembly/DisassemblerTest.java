package dev.polycube.disassembly;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-made assemblies whose answers are worked out in the comments, not taken from a run. */
class DisassemblerTest {

    /** Cells as x,y,z triples. */
    private static int[] cells(int... xyz) {
        return xyz;
    }

    /** Every cell of the box [x0..x1]x[y0..y1]x[z0..z1] not in {@code holes}. */
    static int[] block(int x0, int x1, int y0, int y1, int z0, int z1, int[]... holes) {
        List<Integer> out = new ArrayList<>();
        for (int z = z0; z <= z1; z++) {
            for (int y = y0; y <= y1; y++) {
                for (int x = x0; x <= x1; x++) {
                    boolean hole = false;
                    for (int[] h : holes) {
                        for (int i = 0; i < h.length; i += 3) {
                            hole |= h[i] == x && h[i + 1] == y && h[i + 2] == z;
                        }
                    }
                    if (!hole) {
                        out.add(x);
                        out.add(y);
                        out.add(z);
                    }
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void twoCubesSideBySideComeApartInOneMove() {
        Separation s = Disassembler.analyse(Disassembler.Assembly.of(new int[][] {cells(0, 0, 0), cells(1, 0, 0)}));
        assertNotNull(s);
        assertEquals("1", s.level());
        assertEquals(1, s.moves().size());
        assertTrue(s.moves().get(0).removes());
    }

    /**
     * Two linked rings: A is the ring of 8 cells around (1,1,0) in the plane z=0; B is the ring around A's
     * cell (2,1,0) in the plane y=1, passing through A's hole. No translation of either frees it.
     */
    @Test
    void linkedRingsCannotBeTakenApart() {
        int[] a = block(0, 2, 0, 2, 0, 0, cells(1, 1, 0));
        int[] b = block(1, 3, 1, 1, -1, 1, cells(2, 1, 0));
        assertNull(Disassembler.analyse(Disassembler.Assembly.of(new int[][] {a, b})));
    }

    /**
     * A cube in an L-shaped tunnel of a block: it slides +x by one, then leaves upwards through the only
     * opening, (1,0,1). Nothing is removable at first (every direction is blocked within one cell but +x, where
     * the block stops it after one), so the shortest disassembly is two moves: level 2.
     */
    @Test
    void aPieceThatMustMoveTwiceBeforeItComesOut() {
        int[] cube = cells(0, 0, 0);
        int[] block = block(-1, 2, -1, 1, -1, 1, cells(0, 0, 0, 1, 0, 0, 1, 0, 1));
        Separation s = Disassembler.analyse(Disassembler.Assembly.of(new int[][] {block, cube}));
        assertNotNull(s);
        assertEquals("2", s.level());
        Separation.Move first = s.moves().get(0);
        assertEquals(1, first.amount());
        assertEquals(2, s.moves().size());
        assertTrue(s.moves().get(1).removes());
    }

    /**
     * A tube (heavy, open at +x) holds A and B hooked into each other along x: A's floor cell (1,0,0) is
     * behind B's (2,0,0), and B's (0,0,1) is behind A's upright (1,0,1); the tube's walls stop any move
     * across. Neither can leave alone; together they slide out of the open end (one move), then come apart
     * outside in one move. The first separation removes the group {A, B}.
     */
    @Test
    void aGroupThatMustMoveTogether() {
        int[] a = cells(0, 0, 0, 1, 0, 0, 1, 0, 1);
        int[] b = cells(0, 0, 1, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 1, 0, 2, 0, 0);
        int[] inside = block(0, 2, 0, 1, 0, 1);
        int[] openEnd = block(3, 3, 0, 1, 0, 1);
        int[] tube = block(-1, 3, -1, 2, -1, 2, inside, openEnd);
        Separation s = Disassembler.analyse(new Disassembler.Assembly(new int[][] {tube, a, b}, new int[] {2, 1, 1},
                new int[3]));
        assertNotNull(s);
        assertEquals("1", s.level());
        Separation.Move out = s.moves().get(0);
        assertArrayEquals(new int[] {1, 2}, out.pieces(), "A and B leave together");
        assertArrayEquals(new int[] {1, 0, 0}, out.unit(), "through the open end, +x");
        assertNotNull(s.removed());
        assertArrayEquals(new int[] {1, 2}, s.removed().pieces());
    }

    /** Without the tube's weight the lighter tube moves instead: the same separation, described the other way. */
    @Test
    void weightDecidesWhichSideMoves() {
        int[] a = cells(0, 0, 0, 1, 0, 0, 1, 0, 1);
        int[] b = cells(0, 0, 1, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 1, 0, 2, 0, 0);
        int[] tube = block(-1, 3, -1, 2, -1, 2, block(0, 2, 0, 1, 0, 1), block(3, 3, 0, 1, 0, 1));
        Separation s = Disassembler.analyse(Disassembler.Assembly.of(new int[][] {tube, a, b}));
        assertArrayEquals(new int[] {0}, s.moves().get(0).pieces(), "the tube, now no heavier, slides off -x");
        assertArrayEquals(new int[] {-1, 0, 0}, s.moves().get(0).unit());
    }

    /** Pieces of one glue group need not come apart (BurrTools' piece groups): the linked rings then pass. */
    @Test
    void gluedPiecesNeedNotComeApart() {
        int[] a = block(0, 2, 0, 2, 0, 0, cells(1, 1, 0));
        int[] b = block(1, 3, 1, 1, -1, 1, cells(2, 1, 0));
        int[] c = cells(5, 5, 5);
        assertNull(Disassembler.analyse(Disassembler.Assembly.of(new int[][] {a, b, c})));
        Separation s = Disassembler.analyse(new Disassembler.Assembly(new int[][] {a, b, c}, new int[] {1, 1, 1},
                new int[] {1, 1, 0}));
        assertNotNull(s);
        assertNull(s.left(), "the glued pair is not analysed further");
    }

    @Test
    void levelsCompareNumberByNumber() {
        assertTrue(Level.parse("98.2.4.2").compareTo(Level.parse("98.2.4")) > 0);
        assertTrue(Level.parse("3").compareTo(Level.parse("2.9")) > 0);
        assertEquals("5.2", Level.parse("5.2").toString());
        assertThrows(IllegalArgumentException.class, () -> Level.parse("0"));
        assertThrows(IllegalArgumentException.class, () -> Level.parse("1..2"));
        assertThrows(IllegalArgumentException.class, () -> Level.parse("x"));
    }
}
