package dev.polycube.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/** STL files: every edge is used once in each direction (closed, consistently oriented), volume = cubes. */
class MeshTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"bedlam, 64", "soma, 27", "y-pentacubes, 125", "happy-cube-blue, 98"})
    void piecesAndSolutionsAreClosedSolidsOfTheRightVolume(String puzzle, int cubes) throws Exception {
        Path pieces = dir.resolve(puzzle + "-pieces.stl");
        CliRunner.Result r = CliRunner.run("render", puzzle, "--view", "pieces", "-o", pieces.toString(), "--cell", "10");
        assertEquals(0, r.code(), r.err());
        check(pieces, cubes * 1000.0);
        Path solution = dir.resolve(puzzle + "-solution.stl");
        r = CliRunner.run("render", puzzle, "--view", "iso", "-o", solution.toString(), "--cell", "2");
        assertEquals(0, r.code(), r.err());
        check(solution, cubes * 8.0);
    }

    /**
     * The views with no solid to print (every orientation of a piece; a puzzle's hints) are refused as STL with what an
     * STL file holds, for a catalog as for a puzzle; a sheet's STL is the solution --index names.
     */
    @org.junit.jupiter.api.Test
    void viewsWithoutASolidAreRefusedAsStl() throws Exception {
        Path soma = dir.resolve("soma.txt");
        assertEquals(0, CliRunner.run("solve", "soma", "-o", soma.toString(), "-q", "--no-checkpoint").code());
        for (String input : new String[] {soma.toString(), "bedlam"}) {
            for (String view : new String[] {"orientations", "puzzle"}) {
                CliRunner.Result r = CliRunner.run("render", input, "--view", view, "-o", dir.resolve("x.stl").toString());
                assertEquals(2, r.code(), r.err());
                assertTrue(r.err().contains("--view " + view + " has no STL form"), r.err());
            }
        }
        Path third = dir.resolve("third.stl");
        CliRunner.Result r = CliRunner.run("render", soma.toString(), "--view", "sheet", "--index", "3", "-o", third.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("solution 3 of soma.txt as STL"), r.out());
        check(third, 27 * 1000.0);
    }

    private static void check(Path stl, double volume) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(stl)).order(ByteOrder.LITTLE_ENDIAN);
        b.position(80);
        int n = b.getInt();
        assertEquals(84 + 50L * n, Files.size(stl));
        Map<String, Integer> directed = new HashMap<>();
        double v = 0;
        for (int i = 0; i < n; i++) {
            float[] normal = {b.getFloat(), b.getFloat(), b.getFloat()};
            float[][] c = new float[3][3];
            for (int k = 0; k < 3; k++) {
                c[k] = new float[] {b.getFloat(), b.getFloat(), b.getFloat()};
            }
            b.getShort();
            for (int k = 0; k < 3; k++) {
                directed.merge(key(c[k], c[(k + 1) % 3]), 1, Integer::sum);
            }
            // signed volume of the tetrahedron (origin, a, b, c)
            v += (c[0][0] * (c[1][1] * c[2][2] - c[1][2] * c[2][1]) - c[0][1] * (c[1][0] * c[2][2] - c[1][2] * c[2][0])
                    + c[0][2] * (c[1][0] * c[2][1] - c[1][1] * c[2][0])) / 6.0;
            float[] computed = Mesh.normal(new float[] {c[0][0], c[0][1], c[0][2], c[1][0], c[1][1], c[1][2], c[2][0], c[2][1], c[2][2]});
            assertTrue(Math.abs(computed[0] - normal[0]) + Math.abs(computed[1] - normal[1]) + Math.abs(computed[2] - normal[2]) < 1e-4);
        }
        for (Map.Entry<String, Integer> e : directed.entrySet()) {
            String[] ends = e.getKey().split("->");
            assertEquals(e.getValue(), directed.getOrDefault(ends[1] + "->" + ends[0], 0), "edge " + e.getKey() + " of " + stl);
        }
        assertEquals(volume, v, volume * 1e-6, "volume of " + stl);
    }

    private static String key(float[] a, float[] b) {
        return a[0] + "," + a[1] + "," + a[2] + "->" + b[0] + "," + b[1] + "," + b[2];
    }
}
