package dev.polycube.checkpoint;

import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.catalog.LineStore;
import dev.polycube.error.UserException;
import dev.polycube.files.AppendLog;
import dev.polycube.files.AtomicFiles;
import dev.polycube.files.Digests;
import dev.polycube.files.PathInfo;
import dev.polycube.files.Progress;
import dev.polycube.files.TextInput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.BitSet;
import java.util.List;

/**
 * A checkpoint on disk: a snapshot file written atomically (temporary file, fsync, rename) and a journal
 * beside it ({@code FILE.journal}) to which every finished work unit is appended as one record the moment it
 * finishes. A process killed with SIGKILL loses nothing already appended (the data is in the kernel); the
 * journal is forced to disk at each snapshot and between them at the snapshot interval ({@link #forceJournal}), so a
 * machine crash loses at most one interval.
 *
 * <p>Trust: the snapshot ends with a digest of everything before it; each journal record carries a digest
 * over the run id, the run's fingerprint, its unit number, its line count and its lines. A record copied
 * from another run, an edited unit number or a forged record fails that digest and is refused; only a torn
 * last record (the process died mid-append: the file does not end with a newline, or lines are missing)
 * is ignored, and its unit runs again. The journal is created exclusively and never through a symbolic link.
 * Layout: docs/checkpoint-format.md.
 */
public final class CheckpointStore {

    public static final String MAGIC = "# polycube checkpoint v3";
    private static final String OLD_MAGIC = "# polycube checkpoint v1";
    private static final String V2_MAGIC = "# polycube checkpoint v2";

    private final Path file;
    private final Path journal;
    private final String runId;
    private final String fingerprint;
    private AppendLog journalLog;

    private CheckpointStore(Path file, String runId, String fingerprint) {
        this.file = file;
        this.journal = journalOf(file);
        this.runId = runId;
        this.fingerprint = fingerprint;
    }

    public static Path journalOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".journal");
    }

    public Path file() {
        return file;
    }

    /**
     * Opens the checkpoint at {@code file} holding {@code state}: a new run's (nothing done yet) or a resumed
     * run's (its snapshot with the journal folded in), written as a fresh snapshot with an empty journal.
     */
    public static CheckpointStore open(Path file, Checkpoint state) throws IOException {
        return open(file, state, Progress.NONE);
    }

    /** As {@link #open(Path, Checkpoint)}, telling {@code progress} the snapshot's lines written of all (millions, resumed). */
    public static CheckpointStore open(Path file, Checkpoint state, Progress progress) throws IOException {
        CheckpointStore s = new CheckpointStore(file, state.runId(), state.fingerprint());
        s.writeSnapshot(state, progress);
        s.journalLog = AppendLog.create(s.journal, "the checkpoint journal");
        return s;
    }

    /**
     * The checkpoint on disk, as it is, for a resumed run that has no unit left to run and the same spec: nothing is
     * rewritten (its snapshot and journal already hold every unit, and a crash before the catalog is written resumes
     * from them again); a {@link #snapshot} replaces both; no record may be appended. Rewriting it first cost a
     * resumed 13 M-line run 8 s before its catalog.
     */
    public static CheckpointStore adopt(Path file, Checkpoint state) {
        return new CheckpointStore(file, state.runId(), state.fingerprint());
    }

    /** Appends a finished unit with one write call. */
    public void appendUnit(int unit, List<String> lines) throws IOException {
        append(unitRecord(unit, lines));
    }

    /**
     * A finished unit's journal record, ready for {@link #append}: built without this store's lock, so that
     * workers finishing units at once do not wait for each other's (it digests every line of the unit).
     */
    public byte[] unitRecord(int unit, List<String> lines) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (String l : lines) {
            body.writeBytes(l.getBytes(StandardCharsets.UTF_8));
            body.write('\n');
        }
        byte[] text = body.toByteArray();
        MessageDigest d = Digests.sha256();
        d.update(recordDigestHead(runId, fingerprint, unit, lines.size()).getBytes(StandardCharsets.UTF_8));
        d.update(text);
        byte[] head = ("unit " + unit + " " + lines.size() + " " + Digests.hex64(d) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] record = Arrays.copyOf(head, head.length + text.length);
        System.arraycopy(text, 0, record, head.length, text.length);
        return record;
    }

    /** Appends a record {@link #unitRecord} built, with one write call. */
    public synchronized void append(byte[] record) throws IOException {
        journal().append(record);
    }

    /** The journal to append to; an adopted checkpoint ({@link #adopt}) has none until a snapshot. */
    private AppendLog journal() {
        if (journalLog == null) {
            throw new IllegalStateException("no record may be appended to the checkpoint " + file
                    + " as it was found: the resumed run had no unit left to run");
        }
        return journalLog;
    }

    /** Appends a finished unit of a count-only run: how many classes it owns, with one write call. */
    public synchronized void appendCount(int unit, long classes) throws IOException {
        journal().append("count " + unit + " " + classes + " " + countDigest(runId, fingerprint, unit, classes) + "\n");
    }

    /** Forces the journal's records to disk (between snapshots: a machine crash then loses none of them). */
    public synchronized void forceJournal() throws IOException {
        if (journalLog != null) {
            journalLog.force();
        }
    }

    /**
     * Replaces the snapshot with {@code state} and empties the journal (atomically with respect to appends).
     *
     * @return the lines the snapshot holds (counted as written: spilled lines are not read again to say it)
     */
    public synchronized long snapshot(Checkpoint state) throws IOException {
        if (journalLog != null) {
            journalLog.force();
        }
        long lines = writeSnapshot(state, Progress.NONE);
        if (journalLog != null) {
            journalLog.clear();
        } else {
            journalLog = AppendLog.create(journal, "the checkpoint journal"); // the adopted journal's records are in the snapshot now
        }
        return lines;
    }

    /** Removes the checkpoint and its journal (after the catalog is safely written). */
    public synchronized void delete() throws IOException {
        close();
        PathInfo.delete(journal);
        PathInfo.delete(file);
    }

    public synchronized void close() throws IOException {
        if (journalLog != null) {
            journalLog.close();
        }
    }

    static String recordDigest(String runId, String fingerprint, int unit, int count, CharSequence body) {
        return Digests.hex64(recordDigestHead(runId, fingerprint, unit, count) + body);
    }

    /** What a unit record's digest covers before its lines. */
    private static String recordDigestHead(String runId, String fingerprint, int unit, int count) {
        return runId + " " + fingerprint + " unit " + unit + " " + count + "\n";
    }

    static String countDigest(String runId, String fingerprint, int unit, long classes) {
        return Digests.hex64(runId + " " + fingerprint + " count " + unit + " " + classes + "\n");
    }

    /** Where a snapshot's text goes. */
    @FunctionalInterface
    private interface Out {
        void write(String text) throws IOException;
    }

    /**
     * The snapshot's "solutions" line comes before the lines: {@link LineStore#writeCounted} gives it the count a
     * store's frozen lines know without reading (a spilled store is then merged once, not twice), checked as they
     * are written, and has the snapshot written again with the count found should it differ.
     */
    private long writeSnapshot(Checkpoint c, Progress progress) {
        return LineStore.writeCounted(c.lines(), (count, lines) -> writeSnapshot(c, count, lines, progress));
    }

    private void writeSnapshot(Checkpoint c, long solutions, Iterable<String> lines, Progress progress) {
        RunSpec spec = c.spec();
        AtomicFiles.write(file, w -> {
            MessageDigest digest = Digests.sha256();
            // everything before the "end" line is digested as written: each piece encoded once for the digest
            // (a snapshot of a million lines is written every 30 s while a big catalog runs)
            Out out = text -> {
                digest.update(text.getBytes(StandardCharsets.UTF_8));
                w.write(text);
            };
            out.write(MAGIC + "\n");
            out.write("run " + c.runId() + "\n");
            out.write("started " + c.started() + "\n");
            if (c.ranMillis() >= 0) {
                out.write(String.format(java.util.Locale.ROOT, "ran %.3f", c.ranMillis() / 1000.0) + "\n");
            }
            out.write("fingerprint " + c.fingerprint() + "\n");
            out.write("symmetry " + spec.symmetry().id() + "\n");
            Path output = spec.output();
            if (spec.countOnly()) {
                out.write("count-only yes\n");
            }
            if (output != null) { // null: a whole count, which writes nothing
                if (output.isAbsolute()) {
                    out.write("output " + output + "\n");
                } else {
                    // relative to the checkpoint's directory, so a resume from any working directory writes it here
                    out.write("output " + outputFromCheckpoint(file, output) + "\n");
                    out.write("output-from checkpoint\n");
                }
            }
            out.write("part " + spec.part().spec() + "\n");
            out.write("limit " + (spec.limited() ? String.valueOf(spec.limit()) : "none") + "\n");
            out.write("units " + c.units() + "\n");
            out.write("done " + Base64.getEncoder().encodeToString(c.done().toByteArray()) + "\n");
            out.write("solutions " + solutions + "\n");
            if (c.counted() > 0) {
                out.write("counted " + c.counted() + "\n");
            }
            for (String d : spec.definition()) {
                out.write("definition " + d + "\n");
            }
            LineStore.writeText(lines, "line ", (chars, length) -> {
                digest.update(StandardCharsets.UTF_8.encode(java.nio.CharBuffer.wrap(chars, 0, length)));
                w.write(chars, 0, length);
            }, n -> progress.at(n, solutions));
            w.write("end " + Digests.hex64(digest) + "\n");
        });
    }

    /**
     * Reads a checkpoint and its journal. The lines are not interpreted here; the caller, who knows the
     * puzzle, checks that each is a valid class before it trusts them.
     *
     * @throws CheckpointException when the snapshot is missing, truncated, corrupt or not a checkpoint, or a
     *                             journal record other than a torn last one is damaged or foreign
     */
    public static Checkpoint load(Path file) {
        return load(file, Progress.NONE);
    }

    /** Lines read between two reports to a {@link Progress}: a report is a call, not a clock read per line. */
    private static final int PROGRESS_LINES = 4096;

    /**
     * As {@link #load(Path)}, telling {@code progress} the bytes read of the snapshot's and the journal's size (a
     * checkpoint of millions of classes takes seconds to read).
     */
    public static Checkpoint load(Path file, Progress progress) {
        if (!PathInfo.exists(file)) {
            throw new CheckpointException(file + ": no such checkpoint file (a run that finished removes its "
                    + "checkpoint; one that was stopped or killed leaves it)");
        }
        if (!PathInfo.isRegularFile(file)) {
            throw new CheckpointException(file + ": not a regular file, so not a checkpoint");
        }
        Fields f = new Fields(file);
        MessageDigest digest = Digests.sha256();
        Path journal = journalOf(file);
        long snapshotBytes = PathInfo.size(file);
        long total = snapshotBytes + PathInfo.size(journal); // 0 without a journal
        try (TextInput.Lines in = TextInput.lines(file)) {
            String first = in.next();
            if (OLD_MAGIC.equals(first)) {
                throw new CheckpointException(file + ": a checkpoint of an older polycube (format v1, without run ids "
                        + "or limits); this version cannot continue it safely. Delete it (and its .journal) and run "
                        + "`polycube solve` again.");
            }
            if (V2_MAGIC.equals(first)) {
                throw new CheckpointException(file + ": a checkpoint of an older polycube (format v2, whose work units "
                        + "were the search engine's own prefixes; v3 units are defined by the puzzle alone); this version "
                        + "cannot continue it. Finish it with the polycube that started it, or delete it (and its "
                        + ".journal) and run `polycube solve` again.");
            }
            if (!MAGIC.equals(first)) {
                throw new CheckpointException(file + ":1: not a polycube checkpoint (the first line must be '" + MAGIC + "')");
            }
            digest.update((first + "\n").getBytes(StandardCharsets.UTF_8));
            try {
                readSnapshot(file, in, f, digest, total, progress);
                progress.at(snapshotBytes, total);
                return readJournal(journal, f.build(), bytes -> progress.at(snapshotBytes + bytes, total));
            } catch (CheckpointException e) {
                throw damaged(file, e);
            }
        }
    }

    /**
     * A damaged checkpoint or journal (truncated, a bad field, a digest that does not match): the message as it was,
     * and the way out, since `solve` refuses to overwrite a checkpoint and `resume` cannot read this one.
     */
    private static CheckpointException damaged(Path file, CheckpointException e) {
        return new CheckpointException(e.getMessage() + ". To start over, delete " + file + " and " + journalOf(file)
                + " and run the same `polycube solve` again");
    }

    /** The snapshot's lines after the first, into {@code f} and {@code digest}; its 'end' line's digest must match. */
    private static void readSnapshot(Path file, TextInput.Lines in, Fields f, MessageDigest digest, long total,
            Progress progress) {
        String end = null;
        for (String row; (row = in.next()) != null; ) {
            if (end != null) {
                throw new CheckpointException(file + ":" + in.number() + ": text after the 'end' line; the file is damaged");
            }
            if (row.startsWith("end ")) {
                end = row.substring(4).strip();
                continue;
            }
            digest.update((row + "\n").getBytes(StandardCharsets.UTF_8));
            f.read(in.number(), row);
            if (in.number() % PROGRESS_LINES == 0) {
                progress.at(in.bytesRead(), total);
            }
        }
        if (end == null) {
            throw new CheckpointException(file + ": truncated checkpoint (no 'end' line); it cannot be resumed");
        }
        String actual = Digests.hex64(digest);
        if (!end.equals(actual)) {
            throw new CheckpointException(file + ": corrupt checkpoint (digest " + end + " does not match its content, "
                    + actual + "); it cannot be resumed");
        }
    }

    /** The snapshot's fields as they are read, checked one by one. */
    private static final class Fields {
        private final Path file;
        private String runId;
        private String started;
        private String fingerprint;
        private SymmetryMode symmetry;
        private Path output;
        private boolean outputFromCheckpoint;
        private boolean countOnly;
        private Part part;
        private Long limit;
        private int units = -1;
        private BitSet done;
        private long declared = -1;
        private long counted;
        private long ranMillis = -1;
        private final List<String> definition = new ArrayList<>();
        private LineStore lines;
        private long read;

        Fields(Path file) {
            this.file = file;
        }

        void read(int no, String row) {
            int sp = row.indexOf(' ');
            String key = sp < 0 ? row : row.substring(0, sp);
            String value = sp < 0 ? "" : row.substring(sp + 1);
            try {
                switch (key) {
                    case "run" -> runId = value;
                    case "started" -> started = java.time.Instant.parse(value).toString();
                    case "ran" -> {
                        double seconds = Double.parseDouble(value);
                        if (!(seconds >= 0 && seconds < 1e12)) {
                            throw new IllegalArgumentException("seconds of 0 or more expected, got " + value);
                        }
                        ranMillis = Math.round(seconds * 1000);
                    }
                    case "fingerprint" -> fingerprint = value;
                    case "symmetry" -> symmetry = SymmetryMode.byIdOrThrow(value);
                    case "output" -> output = Path.of(value);
                    case "count-only" -> {
                        if (!value.equals("yes")) {
                            throw new IllegalArgumentException("'yes' expected, got '" + value + "'");
                        }
                        countOnly = true;
                    }
                    case "output-from" -> {
                        if (!value.equals("checkpoint")) {
                            throw new IllegalArgumentException("'checkpoint' expected, got '" + value + "'");
                        }
                        outputFromCheckpoint = true;
                    }
                    case "part" -> part = Part.parse(value);
                    case "limit" -> limit = value.equals("none") ? RunSpec.NO_LIMIT : Long.parseLong(value);
                    case "units" -> units = Integer.parseInt(value);
                    case "done" -> done = BitSet.valueOf(Base64.getDecoder().decode(value));
                    case "solutions" -> declared = Long.parseLong(value);
                    case "counted" -> {
                        counted = Long.parseLong(value);
                        if (counted < 0) {
                            throw new IllegalArgumentException("a count of 0 or more expected, got " + value);
                        }
                    }
                    case "definition" -> definition.add(value);
                    case "line" -> {
                        if (lines == null) {
                            lines = new LineStore(value.length());
                        }
                        lines.add(value);
                        read++;
                    }
                    default -> throw new CheckpointException(file + ":" + no + ": unexpected line '" + UserException.abbreviate(row) + "'");
                }
            } catch (IllegalArgumentException | java.time.DateTimeException | dev.polycube.error.OptionException e) {
                throw new CheckpointException(file + ":" + no + ": corrupt field '" + key + "' (" + e.getMessage() + ")");
            }
        }

        Checkpoint build() {
            if (runId == null || started == null || fingerprint == null || symmetry == null || (output == null && !countOnly) || part == null
                    || limit == null || units < 0 || done == null || definition.isEmpty()) {
                throw new CheckpointException(file + ": checkpoint lacks required fields (run, started, fingerprint, symmetry, "
                        + "output, part, limit, units, done, definition)");
            }
            if (limit < 1) {
                throw new CheckpointException(file + ": corrupt field 'limit' (" + limit + ")");
            }
            if (done.length() > units) {
                throw new CheckpointException(file + ": corrupt checkpoint: unit " + (done.length() - 1)
                        + " is marked done but the plan has " + units + " units");
            }
            if (declared != read) {
                throw new CheckpointException(file + ": checkpoint says " + declared + " solutions but holds " + read);
            }
            LineStore all = lines == null ? new LineStore(64) : lines;
            Path out = output == null ? null : outputFromCheckpoint && !output.isAbsolute() ? siblingOf(file, output) : output;
            RunSpec spec = new RunSpec(definition, symmetry, out, part, limit, countOnly);
            if (counted > 0 && (!countOnly || spec.limited())) {
                throw new CheckpointException(file + ": corrupt field 'counted' (" + counted + "): only a count-only run "
                        + "without a limit counts classes without lines");
            }
            return new Checkpoint(runId, started, fingerprint, spec, units, done, all, counted, ranMillis);
        }
    }

    /** {@code output} (relative to the working directory) as seen from the checkpoint's directory. */
    static Path outputFromCheckpoint(Path checkpoint, Path output) {
        Path dir = checkpoint.toAbsolutePath().normalize().getParent();
        return dir.relativize(output.toAbsolutePath().normalize());
    }

    /** A path relative to the checkpoint's directory, as the user's path to that directory sees it. */
    static Path siblingOf(Path checkpoint, Path relative) {
        Path dir = checkpoint.getParent();
        return dir == null ? relative : dir.resolve(relative).normalize();
    }

    /**
     * Folds the journal into {@code c}: records of this run only, each checked against its digest. Read one
     * line at a time (a long run's journal may be large). A record is complete when its header and all its
     * lines end with a line break; only the last record may be torn (the process died while appending it),
     * and then it is ignored and its unit runs again.
     */
    private static Checkpoint readJournal(Path journal, Checkpoint c, java.util.function.LongConsumer bytesRead) {
        if (!PathInfo.existsNoFollow(journal)) {
            return c;
        }
        if (!PathInfo.isRegularFileNoFollow(journal)) {
            throw new CheckpointException(journal + ": the journal is not a regular file (a symbolic link?); polycube "
                    + "never follows links for its run files. Remove it to resume from the snapshot alone.");
        }
        LineStore lines = (LineStore) c.lines(); // load() builds it as a LineStore
        long counted = c.counted();
        try (TextInput.Lines in = TextInput.lines(journal)) {
            for (String head = in.next(); head != null; ) {
                int no = in.number();
                if (!in.terminated()) {
                    return c.withCounted(counted); // torn header: the process died while appending it
                }
                // "unit U N DIGEST" and N lines, or a count-only run's "count U N DIGEST"
                String[] h = head.split(" ");
                boolean count = h.length == 4 && h[0].equals("count");
                int unit;
                long n;
                try {
                    if (h.length != 4 || !(count || h[0].equals("unit"))) {
                        throw new NumberFormatException();
                    }
                    unit = Integer.parseInt(h[1]);
                    n = count ? Long.parseLong(h[2]) : Integer.parseInt(h[2]);
                } catch (NumberFormatException e) {
                    n = -1;
                    unit = -1;
                }
                if (n < 0) {
                    throw new CheckpointException(journal + ":" + no + ": damaged journal record '" + UserException.abbreviate(head) + "'");
                }
                List<String> body = new ArrayList<>();
                StringBuilder text = new StringBuilder();
                long bodyLines = count ? 0 : n; // a count record has no lines
                for (long k = 0; k < bodyLines; k++) {
                    String l = in.next();
                    if (l == null || !in.terminated()) {
                        return c.withCounted(counted); // torn record: its unit runs again
                    }
                    body.add(l);
                    text.append(l).append('\n');
                }
                String next = in.next();
                boolean last = next == null || !in.terminated();
                String digest = count ? countDigest(c.runId(), c.fingerprint(), unit, n)
                        : recordDigest(c.runId(), c.fingerprint(), unit, (int) n, text);
                if (!digest.equals(h[3])) {
                    if (last && next != null) {
                        return c.withCounted(counted); // torn at the very end
                    }
                    throw new CheckpointException(journal + ":" + no + ": journal record for unit " + unit + " does not belong "
                            + "to this run or is corrupt (its digest does not match); the checkpoint cannot be trusted. "
                            + "Delete the journal to resume from the snapshot alone, or start over.");
                }
                if (unit < 0 || unit >= c.units()) {
                    throw new CheckpointException(journal + ":" + no + ": unit " + unit + " is not in this plan of "
                            + c.units() + " units");
                }
                bytesRead.accept(in.bytesRead());
                if (!count) {
                    c.done().set(unit);
                    lines.addAll(body);
                } else if (!c.spec().countOnly() || c.spec().limited()) {
                    throw new CheckpointException(journal + ":" + no + ": a count record in the journal of a run that "
                            + "keeps lines (it writes a catalog, or has a limit); the checkpoint is damaged");
                } else if (!c.done().get(unit)) { // a unit the snapshot holds is not counted twice (see "Counts")
                    c.done().set(unit);
                    counted += n;
                }
                head = next;
            }
        }
        return c.withCounted(counted);
    }

}
