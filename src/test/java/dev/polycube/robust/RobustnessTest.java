package dev.polycube.robust;

import dev.polycube.puzzle.SymmetryMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.IndependentCheck;
import dev.polycube.TestPuzzles;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Fingerprint;
import dev.polycube.checkpoint.RunSpec;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.solve.Solver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The adversarial suite: seeded generators of damaged puzzle files, BurrTools files, catalogs in every
 * layout, checkpoints and journals, each run through the CLI. Whatever the damage, a command ends within
 * seconds with either a clear error (exit 2 or 3, the user's file named, no stack trace) or, where the
 * damage happens to leave a valid input, the right answer: never exit 4, never a wrong catalog with exit 0.
 */
class RobustnessTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final String TINY = """
            name tiny
            box 2 2 3
            piece L 2 (0,0,0) (1,0,0) (0,1,0)
            piece I 1 (0,0,0) (1,0,0) (2,0,0)
            piece d 1 (0,0,0) (1,0,0) (0,1,0)
            expect fixed 128
            """;

    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    private static Puzzle soma;
    private static byte[] somaNative;
    private static Path reference;

    @BeforeAll
    static void catalogs() throws IOException {
        soma = TestPuzzles.builtIn("soma");
        reference = shared.resolve("soma.txt");
        assertEquals(0, CliRunner.run("solve", "soma", "-o", reference.toString(), "-q", "--no-checkpoint").code());
        somaNative = Files.readAllBytes(reference);
    }

    /** Exit 2 or 3 naming {@code file}, or (when allowed) 0/1; never an internal error or a stack trace. */
    private static CliRunner.Result runChecked(Path file, boolean mayPass, String... args) {
        CliRunner.Result r = assertTimeoutPreemptively(LIMIT, () -> CliRunner.run(args), () -> "hung: " + List.of(args));
        String all = r.out() + r.err();
        assertFalse(all.contains("internal error") || all.contains("\tat ") || all.contains("Exception"),
                "stack trace or raw exception for " + List.of(args) + ":\n" + all);
        if (r.code() == 2 || r.code() == 3) {
            assertTrue(r.err().contains(file.getFileName().toString()), "the message must name " + file + ": " + r.err());
        } else {
            assertTrue(mayPass && (r.code() == 0 || r.code() == 1), "exit " + r.code() + " for " + List.of(args) + ":\n" + all);
        }
        return r;
    }

    // ---------------------------------------------------------------- puzzle files

    static Stream<Long> seeds() {
        return LongStream.rangeClosed(1, 40).boxed();
    }

    /** Random damage to a valid text: a number replaced, a line dropped or doubled, garbage, bad bytes, cut. */
    static byte[] damage(byte[] valid, Random rnd) {
        String text = new String(valid, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int at = rnd.nextInt(lines.size());
        String[] numbers = {"0", "-1", "99999999999", "2147483647", "-2147483648", "1e9", "x", "", "3.5", "1..0", "007"};
        switch (rnd.nextInt(8)) {
            case 0 -> lines.set(at, lines.get(at).replaceFirst("-?\\d+", numbers[rnd.nextInt(numbers.length)]));
            case 1 -> lines.remove(at);
            case 2 -> lines.add(at, lines.get(at));
            case 3 -> lines.add(at, List.of("piece", "box 0 0 0", "hole 9 9 9", "fix Z (0,0,0)", "zz top", "target drawn",
                    "group g 2..1 L", "piece X 1 (0,0,0) (5,0,0)", "expect rotations many").get(rnd.nextInt(9)));
            case 4 -> {
                byte[] b = text.getBytes(StandardCharsets.UTF_8);
                b[rnd.nextInt(b.length)] = (byte) (0x80 + rnd.nextInt(0x40)); // a lone continuation byte
                return b;
            }
            case 5 -> {
                return java.util.Arrays.copyOf(valid, rnd.nextInt(valid.length));
            }
            case 6 -> lines.set(at, lines.get(at).replace("(", "((").replace(",", ",,"));
            default -> {
                byte[] b = valid.clone();
                for (int k = 0; k < 3; k++) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
                return b;
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "puzzle file, seed {0}")
    @MethodSource("seeds")
    void damagedPuzzleFilesFailCleanly(long seed) throws IOException {
        Path file = dir.resolve("damaged-" + seed + ".txt");
        Files.write(file, damage(TINY.getBytes(StandardCharsets.UTF_8), new Random(seed)));
        runChecked(file, true, "solve", file.toString(), "--count-only", "-q", "--threads", "1", "--symmetry", "fixed");
        runChecked(file, true, "info", file.toString());
    }

    @Test
    void pathologicalPuzzleFilesFailCleanly() throws IOException {
        String[] bad = {
            "box 4 4 4\npiece D 1 (2147483647,0,0) (-2147483648,0,0)\n",
            "box 4 4 4\npiece D 1 (99999999999,0,0) (0,0,0)\n",
            "box 2000 2000 2000\npiece a 1 (0,0,0)\n",
            "box 2 2 2\npiece a 99999999999 (0,0,0)\n",
            "name a\u0007b\nbox 1 1 2\npiece a 2 (0,0,0)\n",
            "box 1 1 1\n",
            "",
            "\u0000\u0001\u0002",
        };
        for (int i = 0; i < bad.length; i++) {
            Path file = dir.resolve("bad-" + i + ".txt");
            Files.writeString(file, bad[i]);
            CliRunner.Result r = runChecked(file, false, "solve", file.toString(), "-q", "-o", dir.resolve("o" + i + ".txt").toString());
            assertTrue(r.code() == 2, r.err());
        }
        assertFalse(Files.exists(Path.of("/tmp/escaped.txt")));
    }

    // ---------------------------------------------------------------- BurrTools files

    private static String burr(String result, String shapeAttrs, String name) {
        return "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>"
                + "<voxel x=\"2\" y=\"1\" z=\"1\" " + shapeAttrs + " type=\"0\" name=\"" + name + "\">##</voxel>"
                + "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel></shapes><problems><problem name=\"" + name + "\">"
                + "<shapes><shape id=\"1\" count=\"2\"/></shapes>" + result + "<bitmap/></problem></problems></puzzle>";
    }

    @Test
    void damagedBurrToolsFilesFailCleanly() throws IOException {
        String[] bad = {
            burr("", "", "no result"),
            burr("<result id=\"7\"/>", "", "id out of range"),
            burr("<result id=\"-1\"/>", "", "negative id"),
            burr("<result id=\"x\"/>", "", "id not a number"),
            burr("<result id=\"0\"/>", "", "x").replace("x=\"2\"", "x=\"0\""),
            burr("<result id=\"0\"/>", "", "x").replace("x=\"2\"", "x=\"99999999\""),
            burr("<result id=\"0\"/>", "", "short").replace(">##<", ">#<"),
            burr("<result id=\"0\"/>", "", "long").replace(">##<", ">####<"),
            burr("<result id=\"0\"/>", "", "inject&#10;box 9 9 9&#10;piece z 1 (0,0,0)"),
            "<?xml version=\"1.0\"?><!DOCTYPE puzzle [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><puzzle>&e;</puzzle>",
            "<puzzle><shapes>",
            "<?xml version=\"1.0\"?><notapuzzle/>",
        };
        for (int i = 0; i < bad.length; i++) {
            Path file = dir.resolve("bad-" + i + ".xmpuzzle");
            Files.writeString(file, bad[i]);
            CliRunner.Result r = runChecked(file, true, "solve", file.toString(), "--count-only", "-q");
            assertTrue(!r.out().contains("box 9 9 9") && !r.err().contains("(0,0,0)") || r.code() != 0, r.out());
        }
    }

    @Test
    void aCompressionBombIsRefusedWithTheLimit() throws IOException {
        Path file = dir.resolve("bomb.xmpuzzle");
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            byte[] zeros = new byte[1 << 20];
            out.write("<puzzle>".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 80; i++) {
                out.write(zeros);
            }
        }
        Files.write(file, gz.toByteArray());
        CliRunner.Result r = runChecked(file, false, "solve", file.toString(), "--count-only", "-q");
        assertTrue(r.err().contains("MiB"), r.err());
        runChecked(file, false, "render", file.toString(), "-o", dir.resolve("x.png").toString());
        runChecked(file, false, "show", file.toString());
    }

    // ---------------------------------------------------------------- catalogs in every layout

    static Stream<String> layouts() {
        return Stream.of("native", "kurowski", "ekstrom", "lepage", "jsonl");
    }

    @ParameterizedTest(name = "{0} catalog")
    @MethodSource("layouts")
    void damagedCatalogsFailCleanly(String layout) throws IOException {
        Path valid = dir.resolve("valid-" + layout + ".txt");
        if (layout.equals("native")) {
            Files.write(valid, somaNative);
        } else {
            assertEquals(0, CliRunner.run("convert", reference.toString(), valid.toString(), "--to", layout).code());
        }
        byte[] bytes = Files.readAllBytes(valid);
        for (long seed = 1; seed <= 12; seed++) {
            Path file = dir.resolve("damaged-" + layout + "-" + seed + ".txt");
            Files.write(file, damage(bytes, new Random(seed * 31 + layout.hashCode())));
            runChecked(file, true, "verify", file.toString(), "--puzzle", "soma");
            runChecked(file, true, "diff", file.toString(), reference.toString(), "--puzzle", "soma");
        }
    }

    /** Property: whatever is done to one entry, verify accepts it only if it really is a packing of Soma. */
    @ParameterizedTest(name = "verify property, seed {0}")
    @MethodSource("seeds")
    void verifyNeverAcceptsWhatIsNotAPacking(long seed) throws IOException {
        Random rnd = new Random(seed);
        List<String> all = Files.readAllLines(reference).stream().filter(l -> !l.startsWith("#")).toList();
        char[] line = all.get(rnd.nextInt(all.size())).toCharArray();
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int a = rnd.nextInt(line.length);
            int b = rnd.nextInt(line.length);
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    char t = line[a];
                    line[a] = line[b];
                    line[b] = t;
                }
                case 1 -> line[a] = line[b];
                default -> line[a] = "ABCDEFG.xZ".charAt(rnd.nextInt(10));
            }
        }
        String entry = new String(line);
        String header = new String(somaNative, StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("#"))
                .map(l -> l.startsWith("# solutions:") ? "# solutions: 1" : l).reduce("", (x, y) -> x + y + "\n");
        Path file = dir.resolve("one.txt");
        Files.writeString(file, header + entry + "\n");
        CliRunner.Result r = runChecked(file, true, "verify", file.toString());
        if (r.code() == 0) {
            assertEquals(List.of(), IndependentCheck.check(soma, List.of(entry)), "verify accepted " + entry);
        }
    }

    @Test
    void verifyRefusesOverlappingAndMissingPiecesInJsonl() throws IOException {
        Path jsonl = dir.resolve("soma.jsonl");
        assertEquals(0, CliRunner.run("convert", reference.toString(), jsonl.toString(), "--to", "jsonl").code());
        String first = Files.readAllLines(jsonl).get(0);
        int cut = first.indexOf("{\"label\"", first.indexOf("\"pieces\""));
        int end = first.indexOf('}', cut) + 1;
        String piece = first.substring(cut, end);
        String[] bad = {
            first.replace("\"pieces\":[", "\"pieces\":[" + piece.replace("\"label\":\"" , "\"label\":\"Z") + ","),
            first.replace(piece + ",", ""),
            first.replace("\"box\":[3,3,3]", "\"box\":[-3,3,3]"),
            first.replace("\"box\":[3,3,3]", "\"box\":[2000,2000,200]"),
            first.replace("\"box\":[3,3,3]", "\"box\":\"big\""),
        };
        for (int i = 0; i < bad.length; i++) {
            Path file = dir.resolve("bad-" + i + ".jsonl");
            Files.writeString(file, bad[i] + "\n");
            CliRunner.Result r = runChecked(file, true, "verify", file.toString(), "--puzzle", "soma");
            assertTrue(r.code() != 0, "verify accepted " + bad[i] + "\n" + r.out());
        }
    }

    /**
     * The error reported is the first in the file: a broken JSON object on line 5,001 (in the second chunk of entries a
     * scan hands its workers) is named, not the bytes that are not UTF-8 at the file's end. A scan that read ahead of its
     * workers and let them parse (tried, docs/PERFORMANCE.md) had to take up the chunks in flight before the reading
     * thread's own error to keep this.
     */
    @Test
    void theFirstBrokenJsonLineIsTheOneNamed() throws IOException {
        Path jsonl = dir.resolve("soma.jsonl");
        assertEquals(0, CliRunner.run("convert", reference.toString(), jsonl.toString(), "--to", "jsonl").code());
        List<String> many = new java.util.ArrayList<>();
        for (int k = 0; k < 30; k++) { // 14,400 lines: past the 10,000 the layout's detection reads first
            many.addAll(Files.readAllLines(jsonl));
        }
        many.set(5000, many.get(5000) + " trailing");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        bytes.write((String.join("\n", many) + "\n").getBytes(StandardCharsets.UTF_8));
        bytes.write(new byte[] {(byte) 0xFF, (byte) 0xFE, '\n'});
        Path big = dir.resolve("big.jsonl");
        Files.write(big, bytes.toByteArray());
        CliRunner.Result r = CliRunner.run("verify", big.toString(), "--puzzle", "soma");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().contains("big.jsonl:5001: entry 5001: not one solution object"), r.err());
    }

    // ---------------------------------------------------------------- checkpoints and journals

    /**
     * A genuine half-finished Soma run: units 0..n/3 in the snapshot, n/3..2n/3 as journal records of run
     * {@code runId}, the rest to do. Built with the same solver and store a real run uses.
     */
    private static Path checkpoint(Path dir, String runId, Path output) throws IOException {
        Solver.Options options = Solver.Options.defaults().withThreads(1);
        Solver.Setup setup = Solver.prepare(soma, options);
        int units = setup.enumerator().plan().size();
        String fingerprint = Fingerprint.of(soma, SymmetryMode.ROTATIONS, SymmetryMode.ROTATIONS, RunSpec.NO_LIMIT,
                setup.enumerator().plan());
        BitSet first = new BitSet();
        first.set(0, units / 3);
        TreeSet<String> firstLines = new TreeSet<>();
        Solver.solve(setup, options, new Solver.Run(first::get, List.of(), 0, (u, lines) -> firstLines.addAll(lines),
                (s, p) -> SearchMonitor.NONE, new SearchControl()));
        Path file = dir.resolve("run.ckpt");
        RunSpec spec = new RunSpec(PuzzleWriter.lines(soma), SymmetryMode.ROTATIONS, output, dev.polycube.checkpoint.Part.ALL, RunSpec.NO_LIMIT);
        CheckpointStore store = CheckpointStore.open(file, new Checkpoint(runId, "2026-01-01T00:00:00Z", fingerprint, spec, units, first, firstLines, 0));
        Solver.solve(setup, options, new Solver.Run(u -> u >= units / 3 && u < 2 * units / 3, List.of(), 0, (u, lines) -> {
            try {
                store.appendUnit(u, lines);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, (s, p) -> SearchMonitor.NONE, new SearchControl()));
        store.close();
        return file;
    }

    @Test
    void anUndamagedCheckpointResumesToTheReferenceCatalog() throws IOException {
        Path out = dir.resolve("soma.txt");
        Path file = checkpoint(dir, "00000000000000aa", out);
        CliRunner.Result r = CliRunner.run("resume", file.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertEquals(-1L, Files.mismatch(reference, out));
    }

    @ParameterizedTest(name = "checkpoint, seed {0}")
    @MethodSource("seeds")
    void damagedCheckpointsAndJournalsNeverGiveAWrongCatalog(long seed) throws IOException {
        Random rnd = new Random(seed);
        Path out = dir.resolve("soma.txt");
        Path file = checkpoint(dir, "00000000000000aa", out);
        Path journal = CheckpointStore.journalOf(file);
        Path victim = rnd.nextBoolean() ? file : journal;
        byte[] bytes = Files.readAllBytes(victim);
        String text = new String(bytes, StandardCharsets.UTF_8);
        switch (rnd.nextInt(6)) {
            case 0 -> Files.write(victim, damage(bytes, rnd));
            case 1 -> { // a journal from another run of the same puzzle spliced in
                Path other = checkpoint(Files.createDirectories(dir.resolve("other")), "00000000000000bb", out);
                String foreign = Files.readString(CheckpointStore.journalOf(other));
                Files.writeString(journal, rnd.nextBoolean() ? foreign : Files.readString(journal) + foreign);
            }
            case 2 -> { // forged empty records for every unit
                StringBuilder forged = new StringBuilder();
                for (int u = 0; u < 2000; u++) {
                    forged.append("unit ").append(u).append(" 0 00000000\n");
                }
                Files.writeString(journal, forged + Files.readString(journal));
            }
            case 3 -> Files.writeString(journal, Files.readString(journal).replaceFirst("unit (\\d+)", "unit 1$1"));
            case 4 -> Files.writeString(victim, text.replaceFirst("\n(line |\\S+\n)[^\n]*\n", "\n"));
            default -> Files.write(victim, java.util.Arrays.copyOf(bytes, rnd.nextInt(Math.max(1, bytes.length))));
        }
        CliRunner.Result r = runChecked(victim, true, "resume", file.toString(), "-q");
        if (r.code() == 0) {
            assertEquals(-1L, Files.mismatch(reference, out), "resume exited 0 with a catalog that differs");
        } else {
            assertFalse(Files.exists(out), "no catalog may be written when the checkpoint is refused");
        }
    }

    @Test
    void badOptionValuesFailCleanly() {
        String[][] bad = {
            {"solve", "soma", "--threads", "100000"}, {"solve", "soma", "--threads", "-1"}, {"solve", "soma", "--limit", "0"},
            {"solve", "soma", "--checkpoint-every", "0"}, {"solve", "soma", "--checkpoint-every", "-5s"},
            {"solve", "soma", "--shard", "3/2"}, {"solve", "soma", "--shard", "x"}, {"generate", "soma", "--hints", "2", "-t", "0", "-o", "g.txt"},
            {"render", "soma", "--count", "0", "--view", "sheet", "-o", "s.png"}, {"render", "soma", "--count", "-1", "-o", "s.png"},
            {"render", "soma", "--width", "100000", "-o", "s.png"}, {"render", "soma", "-o", "s.gif"},
            {"show", "soma", "--index", "0"}, {"verify", "nothing-here.txt"}, {"resume", "nothing-here.ckpt"},
            {"render", "catalogs/published/lepage-soma-cube-480.txt", "--view", "html", "-o", "target/x.html", "--index", "999"},
            {"view", "catalogs/published/lepage-soma-cube-480.txt", "--count", "0"}, {"render", "soma", "-o", "target/x.stl", "--cell", "0"},
            {"plan", "soma", "--pieces", "0"}, {"status", "nothing-here"}, {"export", "nothing-here"},
            {"solve", "soma", "--units", "5-3"}, {"solve", "soma", "--units", "1-2", "--shard", "1/2"},
            {"solve", "soma", "-o", "-"}, {"convert", "catalogs/published/lepage-soma-cube-480.txt", "-", "--to", "jsonl"},
        };
        for (String[] args : bad) {
            CliRunner.Result r = assertTimeoutPreemptively(LIMIT, () -> CliRunner.run(args));
            assertTrue(r.code() == 2 || r.code() == 3, List.of(args) + " -> " + r.code() + " " + r.err());
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        }
    }
}
