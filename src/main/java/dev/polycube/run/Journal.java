package dev.polycube.run;

import dev.polycube.catalog.LineStore;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.RunSpec;
import dev.polycube.error.FileAccessException;
import dev.polycube.files.Progress;
import dev.polycube.solve.UnitSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A run's checkpoint while it runs: journals each committed unit the moment the solver hands it over, and
 * rewrites the snapshot every {@code checkpointEvery} (and once more when the run is interrupted). A count
 * that lists nothing journals each unit's number of classes instead of its lines. Without a checkpoint
 * (--no-checkpoint) it only counts finished units.
 */
final class Journal implements UnitSink, AutoCloseable {

    private final Path checkpoint;
    private final RunSpec spec;
    private final Start start;
    private final Supplier<String> fingerprint;
    private final int units;
    private final BitSet done;
    /** The run's store of classes (carried-over and committed), once the solver has said which ({@link #storesIn}). */
    private volatile LineStore found;
    /** Classes counted without lines: the carried-over ones and those of units finished since (under this lock). */
    private long counted;
    private final CheckpointStore store;
    private final RunListener listener;
    private final ScheduledExecutorService timer;
    /** When the last snapshot ended and how long it took ({@link System#nanoTime}), for {@link #snapshotDue}. */
    private volatile long lastSnapshotEnd = System.nanoTime();
    private volatile long lastSnapshotNanos;
    /** When this session of the run began ({@link System#nanoTime}): its running time adds to the earlier sessions'. */
    private final long sessionStart = System.nanoTime();

    private Journal(RunRequest request, Start start, Supplier<String> fingerprint, int units, CheckpointStore store,
                    RunListener listener, long firstSnapshotNanos) {
        this.checkpoint = request.checkpoint();
        this.spec = request.spec();
        this.start = start;
        this.fingerprint = fingerprint;
        this.units = units;
        this.done = start.done();
        this.store = store;
        this.listener = listener;
        this.lastSnapshotNanos = firstSnapshotNanos;
        this.counted = start.carriedCount();
        this.timer = store == null ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "polycube-checkpoint");
            t.setDaemon(true);
            return t;
        });
        if (timer != null) {
            long every = request.checkpointEvery().toMillis();
            timer.scheduleAtFixedRate(this::periodicSnapshot, every, every, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Writes the starting snapshot (with an empty journal) when the request keeps a checkpoint; keeps a resumed
     * checkpoint as it is when it has the request's spec and this run has no unit left ({@link CheckpointStore#adopt}).
     */
    static Journal open(RunRequest request, Start start, Supplier<String> fingerprint, int units, RunListener listener,
                        Checkpoint resumed) throws IOException {
        CheckpointStore store = null;
        long took = 0;
        if (request.checkpoint() != null) {
            Checkpoint initial = new Checkpoint(start.runId(), start.started(), fingerprint.get(), request.spec(), units,
                    (BitSet) start.done().clone(), start.carried(), start.carriedCount(), start.ranBefore());
            if (resumed != null && start.todo() == 0 && resumed.spec().equals(request.spec())) {
                return new Journal(request, start, fingerprint, units, CheckpointStore.adopt(request.checkpoint(), initial),
                        listener, 0);
            }
            long t0 = System.nanoTime();
            try (Progress saving = listener.saving(request.checkpoint())) {
                store = CheckpointStore.open(request.checkpoint(), initial, saving); // a resumed run's holds its classes so far
            }
            took = System.nanoTime() - t0;
        }
        return new Journal(request, start, fingerprint, units, store, listener, took);
    }

    boolean keepsCheckpoint() {
        return store != null;
    }

    @Override
    public void storesIn(LineStore catalog) {
        found = catalog;
    }

    /**
     * The solver has added the unit's classes to the store already (so a snapshot may hold classes of a unit it
     * does not yet count as done, which a resumed run finds again, never the other way round).
     */
    @Override
    public void committed(int unit, List<String> classes) {
        byte[] record = store == null ? null : store.unitRecord(unit, classes); // outside the lock: it digests every line
        synchronized (this) {
            if (store != null) {
                try {
                    store.append(record);
                } catch (IOException e) {
                    throw FileAccessException.of("append to the checkpoint journal of", checkpoint, e);
                }
            }
            done.set(unit);
        }
    }

    @Override
    public synchronized void counted(int unit, long classes) {
        if (store != null) {
            try {
                store.appendCount(unit, classes);
            } catch (IOException e) {
                throw FileAccessException.of("append to the checkpoint journal of", checkpoint, e);
            }
        }
        counted += classes;
        done.set(unit);
    }

    /** Carried-over and newly committed classes, ascending and unique (read under this journal's lock). */
    synchronized Iterable<String> linesSoFar() {
        LineStore catalog = found;
        // the run's store holds the carried-over classes too; before the run has one, they are all there is
        return catalog == null ? start.carried() : catalog.frozen(); // workers add to it outside this lock
    }

    synchronized int doneCount(Part part) {
        int n = 0;
        for (int u = done.nextSetBit(0); u >= 0; u = done.nextSetBit(u + 1)) {
            n += part.contains(u) ? 1 : 0;
        }
        return n;
    }

    /**
     * The timer's tick, every {@code --checkpoint-every}: a new snapshot when it is due ({@link #snapshotDue}), else the
     * journal forced to disk, so that a machine crash still loses at most one interval.
     */
    private void periodicSnapshot() {
        try {
            if (snapshotDue(System.nanoTime() - lastSnapshotEnd, lastSnapshotNanos)) {
                snapshot();
            } else {
                store.forceJournal();
            }
        } catch (IOException | RuntimeException e) {
            listener.warning("checkpoint snapshot failed: " + e.getMessage() + " (the journal still holds every finished unit)");
        }
    }

    /**
     * Whether a tick writes a new snapshot, {@code sinceLast} nanoseconds after the last one ended, which took {@code
     * lastTook}: once the run has gone on ten times as long as that snapshot took. A snapshot writes every class so far
     * (the one-sided 9x10's, 10.4 M lines, over a gigabyte) and finished units wait for it, so at 30 s intervals a big
     * listing would spend most of its time rewriting its checkpoint; this way it spends at most a tenth. The journal keeps
     * every finished unit in between whatever the interval: a snapshot only makes resuming shorter.
     */
    static boolean snapshotDue(long sinceLast, long lastTook) {
        return sinceLast >= SNAPSHOT_SPACING * lastTook;
    }

    /** {@link #snapshotDue}'s ratio of the time between snapshots to the time one takes. */
    private static final long SNAPSHOT_SPACING = 10;

    /** Writes the snapshot; returns the classes it holds (its lines and those counted without lines). */
    synchronized long snapshot() throws IOException {
        long t0 = System.nanoTime();
        long classes = store.snapshot(new Checkpoint(start.runId(), start.started(), fingerprint.get(), spec, units,
                (BitSet) done.clone(), linesSoFar(), counted, ranMillis())) + counted;
        lastSnapshotEnd = System.nanoTime();
        lastSnapshotNanos = lastSnapshotEnd - t0;
        return classes;
    }

    /** The run's running time so far, all sessions together, or -1 when an earlier session's is not known. */
    private long ranMillis() {
        return start.ranBefore() < 0 ? -1 : start.ranBefore() + (System.nanoTime() - sessionStart) / 1_000_000;
    }

    /** No more periodic snapshots (the search is over). */
    void stopSnapshots() {
        if (timer != null) {
            // shutdown, not shutdownNow: interrupting a snapshot being written closes the files it writes to (a thread
            // interrupted in FileChannel I/O closes the channel), the journal's among them, and the stopped run's last
            // snapshot then failed ("ClosedChannelException"). A tick under way finishes, and is waited for: left
            // running, it could reach the store after the run closed it (a CI run warned "checkpoint snapshot failed:
            // null", a ClosedChannelException, on a run stopped during a tick)
            timer.shutdown();
            boolean interrupted = false;
            while (true) {
                try {
                    if (timer.awaitTermination(1, TimeUnit.MINUTES)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true; // the tick still has to end before the store closes; the interrupt is kept
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The catalog is written: the checkpoint and its journal go. */
    void delete() throws IOException {
        stopSnapshots();
        if (store != null) {
            synchronized (this) {
                store.delete();
            }
        }
    }

    @Override
    public void close() throws IOException {
        stopSnapshots();
        if (store != null) {
            synchronized (this) {
                store.close();
            }
        }
    }
}
