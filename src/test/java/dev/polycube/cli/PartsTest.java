package dev.polycube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.UnitRanges;
import dev.polycube.error.OptionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Work split by explicit unit ranges: parsing, planning, merging any cut, status. */
class PartsTest {

    @TempDir
    Path dir;

    @Test
    void unitRangesParseAndContain() {
        UnitRanges r = UnitRanges.parse("10-19, 5\n# a comment\n30-30");
        assertEquals("5,10-19,30", r.ranges());
        assertTrue(r.contains(5) && r.contains(10) && r.contains(19) && r.contains(30));
        assertFalse(r.contains(4) || r.contains(6) || r.contains(20) || r.contains(31));
        assertEquals(r, Part.parse(r.spec()));
        for (String bad : List.of("", "x", "5-3", "-1", "1-5,3-7", "99999999999")) {
            assertThrows(OptionException.class, () -> UnitRanges.parse(bad), bad);
        }
    }

    /**
     * merge checks every line in its first pass and writes in its second without checking again: a part that
     * changes in between (here: one of the second part's solutions swapped for another the moment writing starts)
     * fails the merge, and no catalog appears. Unchanged, the same parts merge to the whole run's catalog.
     */
    @Test
    void aPartChangedWhileMergingFailsTheMerge() throws Exception {
        Path whole = dir.resolve("whole.txt");
        assertEquals(0, CliRunner.run("solve", "soma", "-o", whole.toString(), "-q", "--no-checkpoint").code());
        List<Path> parts = List.of(dir.resolve("p1.txt"), dir.resolve("p2.txt"));
        for (int k = 0; k < 2; k++) {
            assertEquals(0, CliRunner.run("solve", "soma", "--shard", (k + 1) + "/2", "-o", parts.get(k).toString(), "-q",
                    "--no-checkpoint").code());
        }
        Path merged = dir.resolve("merged.txt");
        dev.polycube.run.Merge.merge(merged, parts, (stage, lines) -> { });
        assertEquals(-1L, Files.mismatch(whole, merged));

        // the second part with one of its solutions swapped for one of the first part's: as many lines, sorted
        // and each a valid class, so only the digest of what the first pass read can tell
        Path out = dir.resolve("changed.txt");
        List<String> p2 = Files.readAllLines(parts.get(1));
        List<String> p1 = Files.readAllLines(parts.get(0));
        List<String> head = p2.stream().filter(l -> l.startsWith("#")).toList();
        java.util.TreeSet<String> body = new java.util.TreeSet<>(p2.stream().filter(l -> !l.startsWith("#")).toList());
        body.pollLast();
        body.add(p1.get(p1.size() - 1));
        List<String> swapped = new java.util.ArrayList<>(head);
        swapped.addAll(body);
        boolean[] changed = {false};
        dev.polycube.catalog.CatalogException e = assertThrows(dev.polycube.catalog.CatalogException.class,
                () -> dev.polycube.run.Merge.merge(out, parts, (stage, lines) -> {
                    if (stage.startsWith("writing") && !changed[0]) {
                        changed[0] = true;
                        try {
                            Files.write(parts.get(1), swapped);
                        } catch (java.io.IOException x) {
                            throw new java.io.UncheckedIOException(x);
                        }
                    }
                }));
        assertTrue(changed[0]);
        assertTrue(e.getMessage().contains("changed while they were merged"), e.getMessage());
        assertFalse(Files.exists(out), "nothing written");
    }

    /** Property: whatever the work estimates, the cut covers every unit once, in the number of pieces asked. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aPlanCoversEveryUnitExactlyOnce(long seed) {
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(300);
        double[] work = new double[n];
        for (int i = 0; i < n; i++) {
            work[i] = rnd.nextInt(4) == 0 ? rnd.nextDouble() * 1e6 : rnd.nextDouble();
        }
        int pieces = 1 + rnd.nextInt(n);
        List<int[]> cut = PlanCommand.cut(work, pieces);
        assertEquals(pieces, cut.size());
        int next = 0;
        for (int[] r : cut) {
            assertEquals(next, r[0]);
            assertTrue(r[1] >= r[0]);
            next = r[1] + 1;
        }
        assertEquals(n, next);
        // and no boundary could move by a unit to come nearer to its share of the whole
        double total = java.util.Arrays.stream(work).sum();
        double sum = 0;
        for (int k = 0; k + 1 < cut.size(); k++) {
            for (int u = cut.get(k)[0]; u <= cut.get(k)[1]; u++) {
                sum += work[u];
            }
            double target = total * (k + 1) / pieces;
            double off = Math.abs(sum - target);
            int last = cut.get(k)[1];
            if (last > cut.get(k)[0]) {
                assertTrue(off <= Math.abs(sum - work[last] - target) + 1e-9 * total, "cut " + k + " one unit earlier is nearer");
            }
            if (cut.get(k + 1)[1] > cut.get(k + 1)[0]) {
                assertTrue(off <= Math.abs(sum + work[last + 1] - target) + 1e-9 * total, "cut " + k + " one unit later is nearer");
            }
        }
    }

    /** Equal units cut into equal pieces. */
    @Test
    void equalUnitsGiveEqualPieces() {
        double[] work = new double[12];
        java.util.Arrays.fill(work, 1);
        List<int[]> cut = PlanCommand.cut(work, 3);
        assertEquals(List.of("0-3", "4-7", "8-11"), cut.stream().map(r -> r[0] + "-" + r[1]).toList());
    }

    @Test
    void piecesOfAnyCutMergeIntoTheSingleRunAndGapsAndOverlapsAreNamed() throws Exception {
        Path whole = dir.resolve("whole.txt");
        assertEquals(0, CliRunner.run("solve", "tetracubes-2x4x4", "-o", whole.toString(), "-q").code());
        CliRunner.Result plan = CliRunner.run("plan", "tetracubes-2x4x4", "--pieces", "3", "--ranges-only");
        assertEquals(0, plan.code(), plan.err());
        List<String> ranges = plan.out().lines().toList();
        assertEquals(3, ranges.size());
        Files.writeString(dir.resolve("p3.txt"), ranges.get(2) + "\n");
        for (int i = 0; i < 3; i++) {
            String units = i == 2 ? "@" + dir.resolve("p3.txt") : ranges.get(i);
            assertEquals(0, CliRunner.run("solve", "tetracubes-2x4x4", "--units", units, "-o",
                    dir.resolve("u" + i + ".txt").toString(), "-q").code());
        }
        Path merged = dir.resolve("merged.txt");
        CliRunner.Result r = CliRunner.run("merge", merged.toString(), dir.resolve("u0.txt").toString(),
                dir.resolve("u1.txt").toString(), dir.resolve("u2.txt").toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(-1L, Files.mismatch(whole, merged));

        r = CliRunner.run("merge", merged.toString(), dir.resolve("u0.txt").toString(), dir.resolve("u2.txt").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("no catalog covers units " + ranges.get(1)), r.err());

        assertEquals(0, CliRunner.run("solve", "tetracubes-2x4x4", "--shard", "1/2", "-o", dir.resolve("s1.txt").toString(),
                "-q").code());
        r = CliRunner.run("merge", merged.toString(), dir.resolve("s1.txt").toString(), dir.resolve("u0.txt").toString(),
                dir.resolve("u1.txt").toString(), dir.resolve("u2.txt").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("is in two parts"), r.err());

        r = CliRunner.run("solve", "tetracubes-2x4x4", "--units", "0-999999", "-q", "-o", dir.resolve("x.txt").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("reaches past the plan"), r.err());

        // the shard holds units that the ranges' parts hold too: its classes would be counted twice, and merge refuses
        r = CliRunner.run("status", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("solutions not added up: parts overlap") && r.out().contains("overlap: s1.txt and u0.txt "
                + "hold the same"), r.out());
        assertFalse(r.out().contains("merge the parts"), r.out());

        // the directory a run was started in: its parts are in catalogs/, where runs keep them by default
        Path project = dir.resolve("project");
        Files.createDirectories(project);
        Files.move(dir.resolve("s1.txt"), Files.createDirectories(project.resolve("catalogs")).resolve("s1.txt"));
        r = CliRunner.run("status", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("units done (100.0%)") && r.out().contains("finished") && !r.out().contains("overlap"), r.out());
        assertTrue(r.out().contains("all units done: merge the parts"), r.out());
        r = CliRunner.run("status", project.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("no checkpoints or part catalogs here; in " + project.resolve("catalogs"))
                && r.out().contains("finished"), r.out());
    }

    /**
     * Once every unit is done, `status` says what is left by the parts' states: a stopped part (killed while it wrote
     * its catalog) is resumed to write it, running ones write theirs, written parts are merged; a whole run, unmerged.
     */
    @Test
    void statusSaysWhatIsLeftOnceEveryUnitIsDone() {
        java.util.function.BiFunction<String, dev.polycube.run.RunStatus.State, dev.polycube.run.RunStatus.PartState> part =
                (spec, state) -> new dev.polycube.run.RunStatus.PartState(spec, state, null, false, 5, 5, 7,
                        Path.of(spec.replace('/', '-') + ".ckpt"), -1, null);
        var stopped = dev.polycube.run.RunStatus.State.STOPPED;
        var running = dev.polycube.run.RunStatus.State.RUNNING;
        var finished = dev.polycube.run.RunStatus.State.FINISHED;
        assertEquals(": resume the stopped part to write its catalog", StatusCommand.whatsLeft(List.of(part.apply("all", stopped))));
        assertEquals("", StatusCommand.whatsLeft(List.of(part.apply("all", finished))));
        assertEquals(": the running part is writing its catalog", StatusCommand.whatsLeft(List.of(part.apply("all", running))));
        assertEquals(": resume the stopped parts to write their catalogs, then merge the parts",
                StatusCommand.whatsLeft(List.of(part.apply("shard 1/2", finished), part.apply("shard 2/2", stopped))));
        assertEquals(": merge the parts",
                StatusCommand.whatsLeft(List.of(part.apply("shard 1/2", finished), part.apply("shard 2/2", finished))));
    }

    /**
     * The parts of a count are count files: `merge` adds them to the
     * published Soma count (480, reference/pieces); `status` reads their numbers; `verify` and `view` refuse a count.
     */
    @Test
    void countShardsWriteCountFilesThatMergeAdds() throws Exception {
        for (int k = 1; k <= 3; k++) {
            Path file = dir.resolve("soma.shard-" + k + "-of-3.count.txt");
            CliRunner.Result r = CliRunner.run("solve", "soma", "--count-only", "--shard", k + "/3", "-o", file.toString(), "-q");
            assertEquals(0, r.code(), r.err());
            assertTrue(Files.readString(file).contains("\n# count-only: yes"), file.toString());
        }
        // Soma is counted without listing when whole; a part is searched, and the user is told (unless -q)
        CliRunner.Result told = CliRunner.run("solve", "soma", "--count-only", "--shard", "1/3", "-o",
                dir.resolve("again.count.txt").toString(), "--no-checkpoint");
        assertEquals(0, told.code(), told.err());
        assertTrue(told.err().contains("counted by search, unit by unit"), told.err());
        Files.delete(dir.resolve("again.count.txt"));
        Path merged = dir.resolve("soma.count.txt");
        CliRunner.Result r = CliRunner.run("merge", merged.toString(), dir.resolve("soma.shard-1-of-3.count.txt").toString(),
                dir.resolve("soma.shard-2-of-3.count.txt").toString(), dir.resolve("soma.shard-3-of-3.count.txt").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("480 solutions") && r.out().contains("matches the published count"), r.out());
        // the output named with -o, after the parts, as solve names its own; the same file
        Path named = dir.resolve("named.count.txt");
        r = CliRunner.run("merge", dir.resolve("soma.shard-1-of-3.count.txt").toString(),
                dir.resolve("soma.shard-2-of-3.count.txt").toString(), dir.resolve("soma.shard-3-of-3.count.txt").toString(),
                "-o", named.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(Files.readString(merged), Files.readString(named));
        Files.delete(named);
        // a count edited by hand (one more solution) is refused, naming the file and its check line; restored, it merges
        Path second = dir.resolve("soma.shard-2-of-3.count.txt");
        String original = Files.readString(second);
        java.util.regex.Matcher n = java.util.regex.Pattern.compile("# solutions: (\\d+)").matcher(original);
        assertTrue(n.find(), original);
        Files.writeString(second, n.replaceFirst("# solutions: " + (Long.parseLong(n.group(1)) + 1)));
        r = CliRunner.run("merge", dir.resolve("edited.count.txt").toString(), dir.resolve("soma.shard-1-of-3.count.txt").toString(),
                second.toString(), dir.resolve("soma.shard-3-of-3.count.txt").toString());
        assertEquals(2, r.code(), r.err());
        int checkLine = original.lines().takeWhile(l -> !l.startsWith("# count-check: ")).toList().size() + 1;
        assertTrue(r.err().contains(second + ":" + checkLine + ": this count's check") && r.err().contains("edited or damaged"),
                r.err());
        assertFalse(Files.exists(dir.resolve("edited.count.txt")));
        Files.writeString(second, original);
        // the parts alone (the output forgotten): the first part is not taken for the output, and the hint names one
        byte[] first = Files.readAllBytes(dir.resolve("soma.shard-1-of-3.count.txt"));
        r = CliRunner.run("merge", dir.resolve("soma.shard-1-of-3.count.txt").toString(),
                dir.resolve("soma.shard-2-of-3.count.txt").toString(), dir.resolve("soma.shard-3-of-3.count.txt").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("is a part") && r.err().contains("polycube merge " + dir.resolve("soma.count.txt")), r.err());
        assertTrue(java.util.Arrays.equals(first, Files.readAllBytes(dir.resolve("soma.shard-1-of-3.count.txt"))));

        r = CliRunner.run("status", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("480 solutions so far"), r.out());

        for (String command : List.of("verify", "view")) {
            r = CliRunner.run(command, merged.toString());
            assertEquals(2, r.code(), command);
            assertTrue(r.err().contains("is a count, not a catalog"), command + ": " + r.err());
        }
        r = CliRunner.run("merge", dir.resolve("m.txt").toString(), dir.resolve("soma.shard-1-of-3.count.txt").toString(),
                dir.resolve("soma.shard-2-of-3.count.txt").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("missing 3/3"), r.err());

        // a whole count writes no file: -o is accepted (scripts pass it to every run) with a warning that says so
        r = CliRunner.run("solve", "soma", "--count-only", "-o", dir.resolve("whole.txt").toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("480 solutions"), r.out());
        assertTrue(r.err().contains("warning") && r.err().contains("unwritten") && !Files.exists(dir.resolve("whole.txt")),
                r.err());
    }

    /**
     * A puzzle whose pieces cannot even start a packing has an empty work plan: six T-tetrominoes in 6x4 (they
     * tile a rectangle only when both sides are multiples of 4, Walkup 1965), where every first step is pruned.
     * Its shards are empty parts, and they still merge, as catalogs and as counts, to 0; an empty catalog verifies.
     */
    @Test
    void theShardsOfAnEmptyPlanMerge() throws Exception {
        Path puzzle = dir.resolve("t6x4.txt");
        Files.writeString(puzzle, "name t6x4\nbox 6 4 1\none-sided yes\nsymmetry rotations\n"
                + "piece T 6 (0,0,0) (1,0,0) (2,0,0) (1,1,0)\n");
        CliRunner.Result info = CliRunner.run("info", puzzle.toString());
        assertTrue(info.out().contains("work units: 0"), info.out());
        for (boolean count : new boolean[] {false, true}) {
            String suffix = count ? ".count.txt" : ".txt";
            List<String> merge = new java.util.ArrayList<>(List.of("merge", dir.resolve("all" + suffix).toString()));
            for (int k = 1; k <= 2; k++) {
                Path part = dir.resolve("t" + k + suffix);
                List<String> args = new java.util.ArrayList<>(List.of("solve", puzzle.toString(), "--shard", k + "/2", "-o",
                        part.toString(), "-q", "--no-checkpoint"));
                if (count) {
                    args.add("--count-only");
                }
                CliRunner.Result r = CliRunner.run(args.toArray(String[]::new));
                assertEquals(0, r.code(), r.err());
                merge.add(part.toString());
            }
            CliRunner.Result r = CliRunner.run(merge.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains(": 0 solutions"), r.out());
            assertTrue(Files.readString(dir.resolve("all" + suffix)).contains("\n# solutions: 0\n"));
        }
        // the merged (empty) catalog is a catalog like any other: verify reads it, and plan has nothing to cut
        CliRunner.Result v = CliRunner.run("verify", dir.resolve("all.txt").toString());
        assertEquals(0, v.code(), v.err());
        assertTrue(v.out().contains("0 entries, 0 distinct valid solutions"), v.out());
        CliRunner.Result plan = CliRunner.run("plan", puzzle.toString(), "-q");
        assertEquals(0, plan.code(), plan.err());
        assertTrue(plan.out().contains("0 work units") && !plan.out().contains("NaN"), plan.out());
        CliRunner.Result r = CliRunner.run("solve", puzzle.toString(), "--units", "0-3", "-q", "--no-checkpoint");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("has 0 work units (no packing can start)"), r.err());
    }

    @Test
    void damagedPartHeadersAndUnitFilesFailCleanly() throws Exception {
        String header = "# polycube catalog v1\n# puzzle: soma\n# box: 3x3x3\n# symmetry: rotations\n# units: 0-5\n# plan: abc\n";
        for (String planUnits : List.of("-5", "99999999999", "2000000000", "x")) {
            Path f = dir.resolve("h.txt");
            Files.writeString(f, header + "# plan-units: " + planUnits + "\n");
            CliRunner.Result r = CliRunner.run("merge", dir.resolve("m.txt").toString(), f.toString());
            assertEquals(2, r.code(), planUnits + ": " + r.err());
            assertTrue(r.err().contains("h.txt:7") && !r.err().contains("Exception"), r.err());
        }
        // units past the plan's end (an empty plan has none): the part is damaged, whatever its header's line
        for (String planUnits : List.of("0", "5")) {
            Path f = dir.resolve("h.txt");
            Files.writeString(f, header + "# plan-units: " + planUnits + "\n");
            CliRunner.Result r = CliRunner.run("merge", dir.resolve("m.txt").toString(), f.toString());
            assertEquals(2, r.code(), planUnits + ": " + r.err());
            assertTrue(r.err().contains("claims units 0-5, past its plan's " + planUnits + " units"), r.err());
        }
        Files.createDirectories(dir.resolve("d"));
        Files.writeString(dir.resolve("two.txt"), "0-99\n# the second piece\n100-200\n");
        CliRunner.Result r = CliRunner.run("solve", "tetracubes-2x4x4", "--units", "@" + dir.resolve("two.txt"), "-q",
                "-o", dir.resolve("x.txt").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("in units 0-99,100-200"), r.out());
        r = CliRunner.run("solve", "soma", "--units", "@" + dir.resolve("d"), "-q");
        assertEquals(3, r.code(), r.err());
        assertTrue(r.err().contains("it is a directory"), r.err());
        CliRunner.Result status = CliRunner.run("status", dir.toString());
        assertEquals(0, status.code(), status.err());
    }
}
