package dev.polycube.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.puzzle.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The direct way of matching a line in the puzzle's own frame and labels is only a shortcut: on every line it
 * accepts, the general way (shapes, box turns, mirror images) gives the same match, and every line the general
 * way refuses or reads as mirrored, it leaves alone. Checked on the lines polycube writes and on seeded damage
 * to them (cells swapped, relabelled, emptied, copies merged, the line turned or mirrored).
 */
class InterpreterTest {

    private static Puzzle load(String name) {
        if (name.startsWith("examples/")) {
            return dev.polycube.puzzle.BuiltInPuzzles.loadFile(Path.of(name));
        }
        if (name.equals("soma+fix")) {
            return TestPuzzles.parse("""
                    name soma-fixed
                    box 3 3 3
                    piece V 1 (0,0,0) (0,1,0) (1,0,0)
                    piece L 1 (0,0,0) (0,1,0) (1,0,0) (2,0,0)
                    piece T 1 (0,1,0) (0,2,0) (1,1,0) (0,0,0)
                    piece Z 1 (0,1,0) (0,2,0) (1,1,0) (1,0,0)
                    piece a 1 (0,0,0) (0,1,0) (1,0,0) (1,0,1)
                    piece b 1 (0,0,1) (0,1,1) (1,0,1) (1,0,0)
                    piece p 1 (0,0,0) (0,1,0) (1,0,0) (0,0,1)
                    fix V (1,1,0) (1,1,1) (0,1,1)
                    """);
        }
        if (name.equals("holes")) {
            return TestPuzzles.parse("name holes\nbox 4 3 1\nhole 0 0 0\nhole 3 2 0\npiece D 3 (0,0,0) (1,0,0)\n"
                    + "piece L 1 (0,0,0) (1,0,0) (0,1,0)\npiece u 0..1 (0,0,0)\n");
        }
        return TestPuzzles.builtIn(name);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"soma", "tetracubes-2x4x4", "examples/pentominoes-6x10.txt", "examples/one-sided-pentominoes-3x30.txt",
        "examples/pentominoes-choose-5.txt", "soma+fix", "holes"})
    void theDirectWayAgreesWithTheGeneralWay(String name) {
        Puzzle p = load(name);
        Target t = p.target();
        List<String> lines = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2).lines();
        lines = lines.subList(0, Math.min(lines.size(), 150));
        assertFalse(lines.isEmpty(), name);
        Interpreter in = new Interpreter(p);
        Random r = new Random(name.hashCode());
        String labels = allLabels(p);
        int accepted = 0;
        int refused = 0;
        for (String line : lines) {
            Interpreter.Match d = in.direct(raw(t, line));
            assertNotNull(d, "a line polycube wrote takes the direct way: " + line);
            same(in.general(raw(t, line), "f", null), d, line);
            for (int k = 0; k < 8; k++) {
                String damaged = damage(line, t, labels, r);
                Interpreter.Match direct = in.direct(raw(t, damaged));
                Interpreter.Match general;
                try {
                    general = in.general(raw(t, damaged), "f", null);
                } catch (CatalogException e) {
                    general = null;
                }
                if (general == null || general.mirrored()) {
                    assertNull(direct, "the general way refuses or mirrors, the direct way must not accept: " + damaged);
                    refused++;
                } else if (direct != null) {
                    same(general, direct, damaged);
                    accepted++;
                }
            }
        }
        assertTrue(refused > 0, name + ": the damage tried must include refused lines");
        assertTrue(accepted > 0 || lines.size() < 3, name + ": and lines that stay packings (swapped copies, turned lines)");
    }

    private static RawSolution raw(Target t, String line) {
        return RawSolution.ofLine(1, 1, t.sizeX(), t.sizeY(), t.sizeZ(), line);
    }

    private static String allLabels(Puzzle p) {
        StringBuilder b = new StringBuilder();
        p.pieces().forEach(piece -> b.append(piece.labels()));
        return b.toString();
    }

    private static void same(Interpreter.Match general, Interpreter.Match direct, String line) {
        assertArrayEquals(general.packing().cellCopy(), direct.packing().cellCopy(), line);
        assertArrayEquals(general.packing().copyPiece(), direct.packing().copyPiece(), line);
        assertEquals(general.mirrored(), direct.mirrored(), line);
        assertEquals(new ArrayList<>(general.labelToPiece().entrySet()), new ArrayList<>(direct.labelToPiece().entrySet()), line);
    }

    /** One seeded fault (or harmless change) of a line. */
    private static String damage(String line, Target t, String labels, Random r) {
        char[] c = line.toCharArray();
        int a = r.nextInt(c.length);
        int b = r.nextInt(c.length);
        switch (r.nextInt(7)) {
            case 0 -> { // two cells swap labels
                char x = c[a];
                c[a] = c[b];
                c[b] = x;
            }
            case 1 -> c[a] = labels.charAt(r.nextInt(labels.length())); // a cell takes another label
            case 2 -> c[a] = '.'; // a cell left empty
            case 3 -> { // one copy takes another's label everywhere (two copies merged, or a label swapped for an unused one)
                char from = c[a];
                char to = labels.charAt(r.nextInt(labels.length()));
                for (int k = 0; k < c.length; k++) {
                    c[k] = c[k] == from ? to : c[k] == to ? from : c[k];
                }
            }
            case 4 -> { // turned half a turn about z: still a packing, in the same box
                char[] o = new char[c.length];
                for (int k = 0; k < c.length; k++) {
                    int x = k % t.sizeX();
                    int y = k / t.sizeX() % t.sizeY();
                    int z = k / (t.sizeX() * t.sizeY());
                    o[(t.sizeX() - 1 - x) + t.sizeX() * ((t.sizeY() - 1 - y) + t.sizeY() * z)] = c[k];
                }
                c = o;
            }
            case 5 -> { // mirrored in x: the mirror-image piece set
                char[] o = new char[c.length];
                for (int k = 0; k < c.length; k++) {
                    int x = k % t.sizeX();
                    o[k - x + (t.sizeX() - 1 - x)] = c[k];
                }
                c = o;
            }
            default -> c[a] = 'é'; // a label no piece has
        }
        return new String(c);
    }
}
