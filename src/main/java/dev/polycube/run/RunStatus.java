package dev.polycube.run;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.LineStore;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Part;
import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.error.UserException;
import dev.polycube.files.PathInfo;
import dev.polycube.files.Progress;
import dev.polycube.files.RunLock;
import dev.polycube.files.TextInput;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The runs whose parts write to one directory, as their checkpoints ({@code *.ckpt}) and finished part
 * catalogs show them: per run (one plan fingerprint) the units done of its total, the classes so far, when
 * its earliest part started, and each part's state. Reads only; safe while the runs go on.
 */
public final class RunStatus {

    /** Where a part stands. */
    public enum State {
        /** Its catalog is written. */
        FINISHED,
        /** Another process holds its checkpoint's lock. */
        RUNNING,
        /** A checkpoint nobody runs: resume it. */
        STOPPED
    }

    /**
     * One part as found.
     *
     * @param part      "all", "shard K/N" or "units A-B,..."
     * @param holder    for a running part, who holds the lock (command and process); else null
     * @param limited   a finished part that stopped at its --limit
     * @param unitsDone units of the part finished
     * @param units     units in the part
     * @param ranMillis a checkpointed part's running time at its last snapshot, all its sessions together; -1 when
     *                  its checkpoint does not say, and for a finished part
     * @param snapshot  when that snapshot was written (the file's time), or null for a finished part
     */
    public record PartState(String part, State state, String holder, boolean limited, int unitsDone, int units,
                            long solutions, Path file, long ranMillis, Instant snapshot) {

        /** How long the part has been running by {@code now}: a running part's time goes on after its snapshot. */
        public java.time.Duration ranBy(Instant now) {
            long ms = ranMillis;
            if (state == State.RUNNING && snapshot != null && now.isAfter(snapshot)) {
                ms += java.time.Duration.between(snapshot, now).toMillis();
            }
            return java.time.Duration.ofMillis(ms);
        }
    }

    /**
     * One run: the parts of one plan.
     *
     * @param solutions the parts' classes added up; they count some classes twice when {@code overlaps} is not empty
     * @param started   the earliest start of its checkpointed parts, or null when only finished catalogs were found
     * @param overlaps  parts that hold the same finished units (a checkpoint and its copy, a part resumed elsewhere,
     *                  overlapping --units), one sentence per pair of files; empty when each unit is done in one part
     */
    public record Summary(String plan, String puzzle, int units, int unitsDone, long solutions, Instant started,
                          List<PartState> parts, List<String> overlaps) {
    }

    /**
     * @param runs    by plan fingerprint
     * @param skipped files that looked like ours but could not be read, each with the reason
     */
    public record Report(Path dir, List<Summary> runs, List<String> skipped) {
    }

    private static final class Run {
        String puzzle;
        int units = -1;
        final BitSet done = new BitSet();
        long solutions;
        Instant started;
        final List<PartState> parts = new ArrayList<>();
        /** Two part files by name: the one read first and a later one holding some of the same units. */
        record FilePair(String first, String later) {
        }

        /** Per unit done, the file of the first part found holding it; for telling overlapping parts apart. */
        final Map<Integer, Path> holder = new java.util.HashMap<>();
        /** Per pair of files (the one read first, a later one) that hold the same units: how many. */
        final Map<FilePair, Integer> shared = new TreeMap<>(Comparator.comparing(FilePair::first).thenComparing(FilePair::later));

        /** Unit u is done in the part read from {@code file}. */
        void done(int u, Path file) {
            if (!done.get(u)) {
                done.set(u);
                holder.put(u, file);
                return;
            }
            Path first = holder.get(u);
            shared.merge(new FilePair(first.getFileName().toString(), file.getFileName().toString()), 1, Integer::sum);
        }

        List<String> overlaps() {
            List<String> out = new ArrayList<>();
            shared.forEach((pair, n) -> out.add(String.format("%s and %s hold the same %s (a copied "
                    + "checkpoint, or a part run twice); keep one of them", pair.first(), pair.later(), Plural.count(n, "finished unit"))));
            return out;
        }
    }

    private RunStatus() {
    }

    /**
     * The runs whose parts are in {@code dir}; or, given one checkpoint file, that part alone (what a user who
     * has just been told "saved in X.ckpt" types).
     */
    public static Report of(Path dir) {
        return of(dir, f -> Progress.NONE);
    }

    /** True for the name of a checkpoint a run keeps ({@code NAME.ckpt}; hidden files, a save's temporaries among them, are not). */
    public static boolean isCheckpointName(String name) {
        return name.endsWith(".ckpt") && !name.startsWith(".");
    }

    /** As {@link #of(Path)}, with {@code reading} watching each checkpoint read (one of millions of classes takes seconds). */
    public static Report of(Path dir, java.util.function.Function<Path, Progress> reading) {
        boolean one = PathInfo.isRegularFile(dir) && dir.getFileName().toString().endsWith(".ckpt");
        if (!one && !PathInfo.isDirectory(dir)) {
            throw new OptionException(dir + (PathInfo.exists(dir) ? " is neither a directory nor a checkpoint (*.ckpt)"
                    : ": no such directory or checkpoint") + "; status reads the checkpoints and part catalogs in a "
                    + "directory (polycube status catalogs), or one checkpoint (polycube status catalogs/bedlam.ckpt)");
        }
        Map<String, Run> runs = new TreeMap<>();
        List<String> skipped = new ArrayList<>();
        List<Path> files = new ArrayList<>(one ? List.of(dir) : PathInfo.list(dir));
        files.sort(Comparator.comparing(f -> f.getFileName().toString())); // the directory's order is the file system's
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (!PathInfo.isRegularFileNoFollow(f) || name.startsWith(".")) {
                continue;
            }
            try {
                if (isCheckpointName(name)) {
                    addCheckpoint(runs, f, reading);
                } else if (name.endsWith(".txt") || name.endsWith(".txt.gz")) {
                    addCatalog(runs, f);
                }
            } catch (UserException e) {
                skipped.add(name + ": " + e.getMessage());
            }
        }
        skipped.sort(null);
        List<Summary> out = new ArrayList<>();
        runs.forEach((plan, r) -> {
            List<PartState> parts = new ArrayList<>(r.parts);
            parts.sort(Comparator.comparing(PartState::part).thenComparing(p -> p.file().getFileName().toString()));
            out.add(new Summary(plan, r.puzzle, r.units, r.done.cardinality(), r.solutions, r.started, List.copyOf(parts),
                    r.overlaps()));
        });
        return new Report(dir, List.copyOf(out), List.copyOf(skipped));
    }

    private static void addCheckpoint(Map<String, Run> runs, Path f, java.util.function.Function<Path, Progress> reading) {
        Checkpoint c;
        try (Progress p = reading.apply(f)) {
            c = CheckpointStore.load(f, p);
        }
        Run r = runs.computeIfAbsent(c.fingerprint(), k -> new Run());
        r.puzzle = puzzleName(c.spec().definition());
        r.units = c.units();
        Part part = c.spec().part();
        int partDone = 0;
        int partUnits = 0;
        for (int u = 0; u < c.units(); u++) {
            if (part.contains(u)) {
                partUnits++;
                if (c.done().get(u)) {
                    r.done(u, f);
                    partDone++;
                }
            }
        }
        long lines = LineStore.count(c.lines()) + c.counted();
        r.solutions += lines;
        Instant started = Instant.parse(c.started());
        r.started = r.started == null || started.isBefore(r.started) ? started : r.started;
        String holder = RunLock.holderOf(f);
        Instant snapshot = PathInfo.modified(f); // null: the run finished and removed it while we read
        r.parts.add(new PartState(part.spec(), holder == null ? State.STOPPED : State.RUNNING, holder, false, partDone,
                partUnits, lines, f, snapshot == null ? -1 : c.ranMillis(), snapshot));
    }

    private static void addCatalog(Map<String, Run> runs, Path f) {
        try (TextInput.Lines head = TextInput.lines(f)) {
            if (!NativeCatalog.looksNative(head.next())) {
                return; // some other text file (a pieces list, notes): not ours to judge
            }
        } catch (UserException notText) {
            return;
        }
        Catalog c;
        long count = 0;
        try (NativeCatalog.Reader reader = NativeCatalog.reader(f)) {
            c = reader.header();
            if (c.part() == null) {
                return; // a whole run's catalog: nothing to track
            }
            if (c.countOnly()) {
                count = Math.max(0, reader.declared()); // a count's part holds its number, no lines
            } else {
                while (reader.next() != null) {
                    count++;
                }
            }
        }
        Run r = runs.computeIfAbsent(c.part().plan(), k -> new Run());
        r.puzzle = c.puzzle();
        r.units = c.part().planUnits();
        Part part = Part.parse(c.part().part());
        int n = 0;
        for (int u = 0; u < r.units; u++) {
            if (part.contains(u)) {
                r.done(u, f);
                n++;
            }
        }
        r.solutions += count;
        r.parts.add(new PartState(part.spec(), State.FINISHED, null, c.limited(), n, n, count, f, -1, null));
    }

    private static String puzzleName(List<String> definition) {
        for (String d : definition) {
            if (d.startsWith("name ")) {
                return d.substring(5).strip();
            }
        }
        return "puzzle";
    }
}
