package dev.polycube.robust;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.RunSpec;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.puzzle.SymmetryMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
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
 * Trust, third round: each class of fault as a mechanism, with seeded cases. A reader never drops an entry
 * it cannot interpret; every file read is bounded and never blocks; no command overwrites one of its inputs;
 * outputs follow the umask and keep a replaced file's mode; nothing prints a trace or control characters.
 * Every case ends in the right result or in exit 2/3 with a message naming the file.
 */
class TrustTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    /** Soma's classes under rotations: Lepage's published list (catalogs/published). */
    private static final int SOMA = 480;

    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    private static Path somaNative;

    @BeforeAll
    static void catalogs() {
        somaNative = shared.resolve("soma.txt");
        assertEquals(0, CliRunner.run("solve", "soma", "-o", somaNative.toString(), "-q", "--no-checkpoint").code());
        for (String layout : List.of("kurowski", "ekstrom", "lepage", "jsonl")) {
            assertEquals(0, CliRunner.run("convert", somaNative.toString(), shared.resolve("soma." + layout).toString(),
                    "--to", layout).code());
        }
    }

    private static CliRunner.Result run(String... args) {
        CliRunner.Result r = assertTimeoutPreemptively(LIMIT, () -> CliRunner.run(args), () -> "hung: " + List.of(args));
        String all = r.out() + r.err();
        assertFalse(all.contains("internal error") || all.contains("\tat ") || all.contains("Exception")
                        || all.contains("[Fatal Error]"), "a trace or a raw exception for " + List.of(args) + ":\n" + all);
        assertFalse(all.chars().anyMatch(c -> c == 0x1B), "a raw escape character printed for " + List.of(args));
        return r;
    }

    /** Exit 2 or 3 with the message naming {@code file}. */
    private static CliRunner.Result refused(Path file, String... args) {
        CliRunner.Result r = run(args);
        assertTrue(r.code() == 2 || r.code() == 3, "exit " + r.code() + " for " + List.of(args) + ":\n" + r.out() + r.err());
        assertTrue(r.err().contains(file.getFileName().toString()), "the message must name " + file + ": " + r.err());
        return r;
    }

    static Stream<Long> seeds() {
        return LongStream.rangeClosed(1, 12).boxed();
    }

    // ---------------------------------------------------------------- 1. readers drop nothing

    /**
     * A BOM, an unreadable entry header, a second object or junk on a JSON line, a line break style: each
     * gives either every entry (a BOM and CR line ends are harmless) or an error naming the line, never
     * "479 valid".
     */
    @ParameterizedTest(name = "reader damage, seed {0}")
    @MethodSource("seeds")
    void aReaderNeverDropsAnEntryItCannotRead(long seed) throws IOException {
        Random rnd = new Random(seed);
        String layout = List.of("kurowski", "ekstrom", "lepage", "jsonl").get(rnd.nextInt(4));
        String text = Files.readString(shared.resolve("soma." + layout));
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        boolean harmless;
        int kind = rnd.nextInt(4);
        switch (kind) {
            case 0 -> { // a byte-order mark before the first entry
                lines.set(0, "\uFEFF" + lines.get(0));
                harmless = true;
            }
            case 1 -> { // lone CRs as line ends (an old Mac editor)
                text = String.join("\r", lines);
                lines = null;
                harmless = true;
            }
            case 2 -> { // one entry's header made unreadable, or a JSON line doubled onto itself
                int at = pickEntryLine(lines, layout, rnd);
                lines.set(at, layout.equals("jsonl") ? lines.get(at) + lines.get(at) : lines.get(at).replace("Solution", "Solution x"));
                harmless = false;
            }
            default -> { // junk after a JSON object, or a stray "Solution" line between entries
                int at = pickEntryLine(lines, layout, rnd);
                lines.set(at, layout.equals("jsonl") ? lines.get(at) + " trailing" : "Solutions: " + lines.get(at));
                harmless = false;
            }
        }
        Path file = dir.resolve("damaged." + layout);
        Files.writeString(file, lines == null ? text : String.join("\n", lines));
        CliRunner.Result r = run("verify", file.toString(), "--puzzle", "soma");
        if (harmless) {
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().contains(SOMA + " entries, " + SOMA + " distinct valid"), r.out());
        } else {
            assertTrue(r.code() == 1 || r.code() == 2, "exit " + r.code() + ":\n" + r.out() + r.err());
            assertTrue((r.out() + r.err()).contains(file.getFileName() + ":"), "names the file and line: " + r.out() + r.err());
            assertFalse(r.code() == 0, "a damaged catalog passed: " + r.out());
        }
    }

    private static int pickEntryLine(List<String> lines, String layout, Random rnd) {
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (layout.equals("jsonl") ? lines.get(i).startsWith("{") : lines.get(i).startsWith("Solution")) {
                at.add(i);
            }
        }
        return at.get(rnd.nextInt(at.size()));
    }

    // ---------------------------------------------------------------- 2. bounded reading

    @Test
    void aHugeLineAndAGzipBombOfACatalogAreRefusedWithTheirLimits() throws IOException {
        Path line = dir.resolve("one-line.txt");
        Files.writeString(line, "Solution #0\n" + "A".repeat((1 << 24) + 10) + "\n");
        CliRunner.Result r = refused(line, "verify", line.toString(), "--puzzle", "soma");
        assertTrue(r.err().contains("longer than"), r.err());
        Path bomb = dir.resolve("bomb.txt.gz");
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(Files.readString(shared.resolve("soma.ekstrom")).lines().limit(4).map(l -> l + "\n")
                    .reduce("", String::concat).getBytes(StandardCharsets.UTF_8)); // one entry, then blank lines
            byte[] blank = new byte[1 << 20];
            java.util.Arrays.fill(blank, (byte) '\n');
            for (int k = 0; k < 64; k++) {
                out.write(blank); // 64 MiB of line breaks, about 64 KiB compressed: past the 16 MiB any gzip may inflate to
            }
        }
        Files.write(bomb, gz.toByteArray());
        CliRunner.Result b = refused(bomb, "verify", bomb.toString(), "--puzzle", "soma");
        assertTrue(b.err().contains("inflates to more than"), b.err());
    }

    // ---------------------------------------------------------------- 3. special files never block

    @Test
    void pipesDirectoriesLinkLoopsAndDevicesAreNamedNotOpened() throws Exception {
        Path fifo = dir.resolve("pipe.txt");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path loop = dir.resolve("loop.txt");
        Files.createSymbolicLink(loop, dir.resolve("loop2.txt"));
        Files.createSymbolicLink(dir.resolve("loop2.txt"), loop);
        Path folder = Files.createDirectory(dir.resolve("folder.txt"));
        Path zero = Path.of("/dev/zero");
        for (Path p : List.of(fifo, loop, folder, zero)) {
            String what = p == fifo ? "named pipe" : p == loop ? "loop of symbolic links" : p == folder ? "directory"
                    : "character device";
            for (String[] args : List.of(
                    new String[] {"verify", p.toString()},
                    new String[] {"diff", somaNative.toString(), p.toString()},
                    new String[] {"convert", p.toString(), dir.resolve("out.txt").toString()},
                    new String[] {"merge", dir.resolve("m.txt").toString(), p.toString()},
                    new String[] {"solve", p.toString(), "--count-only", "-q"},
                    new String[] {"solve", "soma", "--units", "@" + p, "--count-only", "-q"})) {
                CliRunner.Result r = refused(p, args);
                assertTrue(r.err().contains(what), List.of(args) + ": " + r.err());
            }
        }
    }

    // ---------------------------------------------------------------- 4. no output over an input

    @Test
    void noCommandOverwritesOneOfItsInputs() throws IOException {
        Path puzzle = dir.resolve("mine.txt");
        Files.writeString(puzzle, "name mine\nbox 3 2 1\npiece D 3 (0,0,0) (1,0,0)\n");
        Path catalog = dir.resolve("c.txt");
        Files.copy(somaNative, catalog);
        Path link = dir.resolve("link.txt");
        Files.createSymbolicLink(link, catalog);
        Path sub = Files.createDirectory(dir.resolve("sub"));
        String viaDots = sub.resolve("../c.txt").toString();
        List<String[]> cases = List.of(
                new String[] {"solve", puzzle.toString(), "-o", puzzle.toString()},
                new String[] {"solve", puzzle.toString(), "--checkpoint", puzzle.toString(), "-o", dir.resolve("x.txt").toString()},
                new String[] {"view", catalog.toString(), "-o", catalog.toString()},
                new String[] {"view", catalog.toString(), "-o", link.toString()},
                new String[] {"render", catalog.toString(), "-o", viaDots},
                new String[] {"convert", catalog.toString(), link.toString()},
                new String[] {"convert", link.toString(), viaDots},
                new String[] {"merge", catalog.toString(), catalog.toString()},
                new String[] {"export", puzzle.toString(), "-o", puzzle.toString()},
                new String[] {"generate", puzzle.toString(), "--hints", "1", "-o", puzzle.toString()});
        byte[] puzzleBytes = Files.readAllBytes(puzzle);
        byte[] catalogBytes = Files.readAllBytes(catalog);
        for (String[] args : cases) {
            CliRunner.Result r = run(args);
            assertEquals(2, r.code(), List.of(args) + ":\n" + r.out() + r.err());
            assertTrue(r.err().contains("refusing to write"), r.err());
            assertFalse(r.err().contains("delete"), "never advise deleting the user's file: " + r.err());
            assertArrayEquals(puzzleBytes, Files.readAllBytes(puzzle), "the puzzle survived " + List.of(args));
            assertArrayEquals(catalogBytes, Files.readAllBytes(catalog), "the catalog survived " + List.of(args));
        }
        CliRunner.Result empty = run("solve", "soma", "-o", "");
        assertEquals(2, empty.code());
        assertTrue(empty.err().contains("-o is an empty path"), empty.err());
    }

    // ---------------------------------------------------------------- 5. links and modes

    @Test
    void outputsKeepAReplacedFilesModeAndFollowTheUmask() throws IOException {
        Path probe = Files.createFile(dir.resolve("probe"));
        var umasked = Files.getPosixFilePermissions(probe); // what the umask leaves of rw-rw-rw-
        Path fresh = dir.resolve("fresh.txt");
        assertEquals(0, run("solve", "soma", "-o", fresh.toString(), "-q", "--no-checkpoint").code());
        assertEquals(umasked, Files.getPosixFilePermissions(fresh));
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "old");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        assertEquals(0, run("solve", "soma", "-o", secret.toString(), "-q", "--no-checkpoint").code());
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(secret));
    }

    @Test
    void aLinkPlantedByAnotherUserIsNotWrittenThrough() throws IOException {
        Path victim = dir.resolve("victim");
        Files.writeString(victim, "precious");
        Path planted = dir.resolve("planted.txt");
        Files.createSymbolicLink(planted, victim);
        UserPrincipal nobody;
        try {
            nobody = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.getFileAttributeView(planted, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setOwner(nobody);
        } catch (IOException | UnsupportedOperationException notRoot) {
            return; // only root can give a link away; CI runs as root
        }
        CliRunner.Result r = refused(planted, "solve", "soma", "-o", planted.toString(), "-q", "--no-checkpoint");
        assertTrue(r.err().contains("owned by nobody"), r.err());
        assertEquals("precious", Files.readString(victim));
    }

    // ---------------------------------------------------------------- 6. BurrTools files

    @Test
    void deepBrokenAndTwiceCompressedBurrToolsFilesFailInOneSentence() throws IOException {
        Path deep = dir.resolve("deep.xmpuzzle");
        Files.writeString(deep, "<?xml version=\"1.0\"?><puzzle>" + "<a>".repeat(200_000) + "</a>".repeat(200_000) + "</puzzle>");
        assertTrue(refused(deep, "solve", deep.toString(), "--count-only").err().contains("depth"));
        Path broken = dir.resolve("broken.xmpuzzle");
        Files.writeString(broken, "<?xml version=\"1.0\"?><puzzle><shapes></puzzle>");
        refused(broken, "info", broken.toString());
        Path twice = dir.resolve("twice.xmpuzzle");
        byte[] inner = gzip("<?xml version=\"1.0\"?><puzzle/>".getBytes(StandardCharsets.UTF_8));
        Files.write(twice, gzip(inner));
        assertTrue(refused(twice, "info", twice.toString()).err().contains("compressed twice"));
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    // ---------------------------------------------------------------- 7. checkpoints

    @Test
    void aCheckpointKeepsItsOutputBesideItWhereverResumeRuns() throws IOException {
        Path ckpt = dir.resolve("a/t.ckpt");
        Files.createDirectories(ckpt.getParent());
        Path output = Path.of("").toAbsolutePath().relativize(dir.resolve("a/t.txt").toAbsolutePath()); // relative, as typed
        List<String> soma = PuzzleWriter.lines(dev.polycube.TestPuzzles.builtIn("soma"));
        CheckpointStore.open(ckpt, new Checkpoint("00000000000000aa", "2026-01-01T00:00:00Z", "0123456789abcdef0123456789abcdef",
                new RunSpec(soma, SymmetryMode.ROTATIONS, output, Part.ALL, RunSpec.NO_LIMIT), 10, new BitSet(), new TreeSet<>(), 0))
                .close();
        String text = Files.readString(ckpt);
        assertTrue(text.contains("\noutput t.txt\noutput-from checkpoint\n"), text);
        assertEquals(dir.resolve("a/t.txt").toAbsolutePath().normalize(),
                CheckpointStore.load(ckpt).spec().output().toAbsolutePath().normalize());
    }

    @Test
    void statusSurvivesStartTimesFarInThePastAndInTheFuture() throws IOException {
        List<String> soma = PuzzleWriter.lines(dev.polycube.TestPuzzles.builtIn("soma"));
        for (String started : List.of("-1000000000-01-01T00:00:00Z", "+1000000000-01-01T00:00:00Z", "2999-01-01T00:00:00Z")) {
            Path d = Files.createDirectories(dir.resolve("s" + started.hashCode()));
            BitSet done = new BitSet();
            done.set(0);
            CheckpointStore.open(d.resolve("t.ckpt"), new Checkpoint("00000000000000aa", started, "0123456789abcdef0123456789abcdef",
                    new RunSpec(soma, SymmetryMode.ROTATIONS, d.resolve("t.txt"), Part.ALL, RunSpec.NO_LIMIT), 10, done,
                    new TreeSet<>(), 0)).close();
            CliRunner.Result r = run("status", d.toString());
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("1 of 10 units"), r.out());
            assertFalse(r.out().matches("(?s).*running -.*|.*about -.*"), "a negative time: " + r.out());
        }
    }

    /**
     * A run stopped long ago: its estimate goes by the time it spent running (the checkpoint's {@code ran}, kept
     * across resumes), not by the months since it started, and it is not called running.
     */
    @Test
    void statusEstimatesAStoppedRunFromItsRunningTimeNotItsAge() throws IOException {
        List<String> soma = PuzzleWriter.lines(dev.polycube.TestPuzzles.builtIn("soma"));
        BitSet done = new BitSet();
        done.set(0, 2);
        Path d = Files.createDirectories(dir.resolve("ran"));
        CheckpointStore.open(d.resolve("t.ckpt"), new Checkpoint("00000000000000aa", "2026-01-01T00:00:00Z",
                "0123456789abcdef0123456789abcdef", new RunSpec(soma, SymmetryMode.ROTATIONS, d.resolve("t.txt"), Part.ALL,
                RunSpec.NO_LIMIT), 10, done, new TreeSet<>(), 0, 10_000)).close();
        assertEquals(10_000, CheckpointStore.load(d.resolve("t.ckpt")).ranMillis());
        CliRunner.Result r = run("status", d.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("2 of 10 units done") && r.out().contains("stopped after running 10.0s, about 40.0s more at "
                + "that rate"), r.out());
        // the checkpoint itself, as a stopped run names it, reads the same; a file that is neither is refused by name
        assertEquals(r.out(), run("status", d.resolve("t.ckpt").toString()).out());
        for (String wrong : List.of("t.txt", "gone.ckpt")) {
            Files.writeString(d.resolve("t.txt"), "not a checkpoint\n");
            CliRunner.Result refused = run("status", d.resolve(wrong).toString());
            assertEquals(2, refused.code(), refused.out());
            assertTrue(refused.err().contains(d.resolve(wrong) + (wrong.equals("t.txt") ? " is neither a directory nor a checkpoint"
                    : ": no such directory or checkpoint")), refused.err());
        }
    }

    /**
     * Shards that ran side by side at different speeds: the estimate adds their rates (4 units in 10 s and 1 in 20 s:
     * 0.45 units a second, 5 units left, 11.1 s), rather than taking the longest time over all units done (20 s).
     */
    @Test
    void statusAddsTheRatesOfPartsRunningSideBySide() throws IOException {
        List<String> soma = PuzzleWriter.lines(dev.polycube.TestPuzzles.builtIn("soma"));
        Path d = Files.createDirectories(dir.resolve("rates"));
        int[][] shards = {{1, 4, 10_000}, {2, 1, 20_000}}; // shard, units done, milliseconds run
        for (int[] s : shards) {
            dev.polycube.checkpoint.Shard shard = new dev.polycube.checkpoint.Shard(s[0], 2);
            BitSet done = new BitSet();
            for (int u = 0, n = 0; u < 10 && n < s[1]; u++) {
                if (shard.contains(u)) {
                    done.set(u);
                    n++;
                }
            }
            CheckpointStore.open(d.resolve("t" + s[0] + ".ckpt"), new Checkpoint("00000000000000aa", "2026-01-01T00:00:00Z",
                    "0123456789abcdef0123456789abcdef", new RunSpec(soma, SymmetryMode.ROTATIONS, d.resolve("t" + s[0] + ".txt"),
                    shard, RunSpec.NO_LIMIT), 10, done, new TreeSet<>(), 0, s[2])).close();
        }
        CliRunner.Result r = run("status", d.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("5 of 10 units done") && r.out().contains("stopped after running 20.0s, about 11.1s more"),
                r.out());
    }

    // ---------------------------------------------------------------- 8. clear messages

    @Test
    void contradictionsControlCharactersAndOldLineEndsInPuzzleFiles() throws IOException {
        Path twice = dir.resolve("twice.txt");
        Files.writeString(twice, "name a\nname b\nbox 2 1 1\npiece D 1 (0,0,0) (1,0,0)\n");
        assertTrue(refused(twice, "solve", twice.toString(), "--count-only").err().contains("twice.txt:2: a second 'name' line (the first is line 1)"));
        Path expects = dir.resolve("expects.txt");
        Files.writeString(expects, "box 2 1 1\npiece D 1 (0,0,0) (1,0,0)\nexpect rotations 1\nexpect rotations 2\n");
        assertTrue(refused(expects, "info", expects.toString()).err().contains("a second 'expect rotations' line"));
        Path escape = dir.resolve("escape.txt");
        Files.writeString(escape, "title \u001B[2J\u001B[31mgotcha\nbox 2 1 1\npiece D 1 (0,0,0) (1,0,0)\n");
        CliRunner.Result e = refused(escape, "info", escape.toString());
        assertTrue(e.err().contains("\\u001B"), e.err());
        Path mac = dir.resolve("mac.txt");
        Files.writeString(mac, "name mac\rbox 3 2 1\r# three dominoes\rpiece D 3 (0,0,0) (1,0,0)\rexpect fixed 3\r");
        CliRunner.Result m = run("solve", mac.toString(), "--symmetry", "fixed", "--count-only", "-q");
        assertEquals(0, m.code(), m.out() + m.err());
        assertTrue(m.out().contains("matches the published count (fixed 3)"), m.out()); // 3 tilings of 3x2 by dominoes
        CliRunner.Result nan = run("render", "soma", "--view", "pieces", "-o", dir.resolve("p.stl").toString(), "--cell", "NaN");
        assertEquals(2, nan.code());
        assertTrue(nan.err().contains("got NaN"), nan.err());
    }
}
