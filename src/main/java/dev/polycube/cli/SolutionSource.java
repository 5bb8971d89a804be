package dev.polycube.cli;

import dev.polycube.error.OptionException;
import dev.polycube.catalog.CatalogFormat;
import dev.polycube.catalog.Interpreter;
import dev.polycube.catalog.LoadedCatalog;
import dev.polycube.error.FileAccessException;
import dev.polycube.files.TextInput;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.BurrToolsReader;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.solve.Solver;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.symmetry.SymmetryMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where pictures and {@code show} get their solutions: a catalog file of any layout (entries drawn as they
 * are, in the puzzle's labels), or a puzzle, whose first solutions are found on the spot.
 */
record SolutionSource(Puzzle puzzle, List<String> lines, boolean fromCatalog, String name) {

    /** Reads {@code input}; for a puzzle, finds its first {@code needed} solutions. */
    static SolutionSource open(String input, int needed) throws IOException {
        Path path = Path.of(input);
        if (Files.isRegularFile(path) && isCatalog(path)) {
            LoadedCatalog c = LoadedCatalog.load(path, null, null);
            Canonicalizer asIs = new Canonicalizer(c.puzzle(), SymmetryGroup.of(c.puzzle(), SymmetryMode.FIXED));
            List<String> lines = new ArrayList<>();
            for (Interpreter.Match m : c.matches()) {
                lines.add(asIs.line(m.packing().cellCopy(), m.packing().copyPiece()));
            }
            return new SolutionSource(c.puzzle(), lines, true, path.getFileName().toString());
        }
        Puzzle p = BuiltInPuzzles.load(input);
        List<String> lines = needed <= 0 ? List.of()
                : Solver.solve(p, Solver.Options.defaults().withLimit(needed)).lines();
        return new SolutionSource(p, lines, false, p.name());
    }

    private static boolean isCatalog(Path path) {
        byte[] start = new byte[256];
        int n;
        try (var in = Files.newInputStream(path)) {
            n = Math.max(0, in.readNBytes(start, 0, start.length));
        } catch (IOException e) {
            throw FileAccessException.of("read", path, e);
        }
        if (BurrToolsReader.looksLike(java.util.Arrays.copyOf(start, n))) {
            return false; // a puzzle (BurrTools, possibly gzip), not a catalog
        }
        return CatalogFormat.detect(TextInput.readAllLines(path)) != null;
    }

    /** Solution {@code index} (1-based), with a clear error when there is no such entry. */
    String line(int index) {
        if (index < 1 || index > lines.size()) {
            throw new OptionException("--index " + index + " is out of range: " + name + " has "
                    + (fromCatalog ? lines.size() + " entries" : lines.size() + " solutions found") + " (numbered from 1)");
        }
        return lines.get(index - 1);
    }
}
