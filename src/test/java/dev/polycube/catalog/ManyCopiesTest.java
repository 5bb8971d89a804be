package dev.polycube.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.IndependentCheck;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A puzzle with more piece copies than one-character ASCII labels (98 unit cubes and a domino in a 10x10 square):
 * its catalog is format v2, with labels beyond ASCII, and every reader takes it: verify, diff, convert to
 * each layout and back, render, shards and merge. The counts come from plain geometry: a domino lies in
 * 9*10 + 10*9 = 180 places, and the classes among them are counted by the independent check.
 */
class ManyCopiesTest {

    @TempDir
    Path dir;

    @Test
    void aCatalogOfNinetyNineCopiesRoundTripsThroughEveryReader() throws Exception {
        Path puzzleFile = dir.resolve("square.txt");
        Files.writeString(puzzleFile, "name square\nbox 10 10 1\npiece u 98 (0,0,0)\npiece D 1 (0,0,0) (1,0,0)\n");
        Puzzle p = BuiltInPuzzles.loadFile(puzzleFile);
        assertEquals(99, p.copyCount());

        Path fixed = dir.resolve("fixed.txt");
        run("solve", puzzleFile.toString(), "--symmetry", "fixed", "-o", fixed.toString(), "--no-checkpoint", "-q");
        List<String> fixedLines = lines(fixed);
        assertEquals(180, fixedLines.size());

        Path whole = dir.resolve("square.cat");
        run("solve", puzzleFile.toString(), "-o", whole.toString(), "--no-checkpoint", "-q");
        List<String> text = Files.readAllLines(whole, StandardCharsets.UTF_8);
        assertEquals(NativeCatalog.MAGIC_V2, text.get(0));
        List<String> classes = lines(whole);
        assertEquals(IndependentCheck.classes(p, fixedLines), classes.size());
        assertTrue(classes.get(0).chars().anyMatch(c -> c > 126), "labels beyond ASCII");
        assertTrue(classes.get(0).chars().noneMatch(c -> c == '-' || c == '.' || c == '#'), "no label is an empty-cell mark");

        run("verify", whole.toString());
        CliRunner.Result diff = run("diff", whole.toString(), fixed.toString(), "--puzzle", puzzleFile.toString());
        assertTrue(diff.out().contains("only in A: 0   only in B: 0"), diff.out());

        for (String layout : List.of("kurowski", "ekstrom", "lepage", "jsonl")) {
            Path other = dir.resolve("square." + layout);
            Path back = dir.resolve("back-" + layout + ".cat");
            run("convert", whole.toString(), other.toString(), "--to", layout);
            run("convert", other.toString(), back.toString(), "--to", "native", "--puzzle", puzzleFile.toString());
            assertEquals(-1L, Files.mismatch(whole, back), layout + " and back");
        }

        Path picture = dir.resolve("square.svg");
        run("render", whole.toString(), "-o", picture.toString());
        assertTrue(Files.size(picture) > 1000);

        Path s1 = dir.resolve("s1.cat");
        Path s2 = dir.resolve("s2.cat");
        run("solve", puzzleFile.toString(), "--shard", "1/2", "-o", s1.toString(), "--no-checkpoint", "-q");
        run("solve", puzzleFile.toString(), "--shard", "2/2", "-o", s2.toString(), "--no-checkpoint", "-q");
        Path merged = dir.resolve("merged.cat");
        run("merge", merged.toString(), s1.toString(), s2.toString());
        assertEquals(-1L, Files.mismatch(whole, merged));
    }

    private static CliRunner.Result run(String... args) {
        CliRunner.Result r = CliRunner.run(args);
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.out() + r.err());
        return r;
    }

    private static List<String> lines(Path catalog) throws Exception {
        return Files.readAllLines(catalog, StandardCharsets.UTF_8).stream().filter(l -> !l.startsWith("#")).toList();
    }
}
