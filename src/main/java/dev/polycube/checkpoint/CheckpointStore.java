package dev.polycube.checkpoint;

import dev.polycube.catalog.AtomicFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.CRC32;

/**
 * A checkpoint on disk: a snapshot file written atomically (temporary file, fsync, rename) and a journal
 * beside it ({@code FILE.journal}) to which every finished work unit is appended as one record the moment it
 * finishes. A process killed with SIGKILL loses nothing already appended (the data is in the kernel); the
 * journal is forced to disk at each snapshot, so a machine crash loses at most one snapshot interval. The
 * snapshot ends with a CRC line and each journal record carries a CRC: a truncated snapshot or a damaged
 * record is refused; only a torn last journal record (the process died mid-append) is ignored, and its unit
 * runs again.
 *
 * <p>Snapshot layout (text): {@code # polycube checkpoint v1}, then {@code key value} lines (fingerprint,
 * symmetry, output, shard, units, done = base64 bit set, solutions), {@code definition ...} lines,
 * {@code line ...} lines, and {@code end CRC32} over everything before it. Journal record:
 * {@code unit U N CRC32} then N lines.
 */
public final class CheckpointStore {

    public static final String MAGIC = "# polycube checkpoint v1";

    private final Path file;
    private final Path journal;
    private FileChannel journalChannel;

    private CheckpointStore(Path file) {
        this.file = file;
        this.journal = journalOf(file);
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
        CheckpointStore s = new CheckpointStore(file);
        s.writeSnapshot(state);
        Files.deleteIfExists(s.journal);
        s.openJournal();
        return s;
    }

    private void openJournal() throws IOException {
        journalChannel = FileChannel.open(journal, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    /** Appends a finished unit with one write call; called from worker threads. */
    public synchronized void appendUnit(int unit, List<String> lines) throws IOException {
        StringBuilder body = new StringBuilder();
        for (String l : lines) {
            body.append(l).append('\n');
        }
        String record = "unit " + unit + " " + lines.size() + " " + crc(body.toString()) + "\n" + body;
        ByteBuffer buf = ByteBuffer.wrap(record.getBytes(StandardCharsets.UTF_8));
        while (buf.hasRemaining()) {
            journalChannel.write(buf);
        }
    }

    /** Replaces the snapshot with {@code state} and empties the journal (atomically with respect to appends). */
    public synchronized void snapshot(Checkpoint state) throws IOException {
        journalChannel.force(true);
        writeSnapshot(state);
        journalChannel.truncate(0);
        journalChannel.force(true);
    }

    /** Removes the checkpoint and its journal (after the catalog is safely written). */
    public synchronized void delete() throws IOException {
        if (journalChannel != null) {
            journalChannel.close();
        }
        Files.deleteIfExists(journal);
        Files.deleteIfExists(file);
    }

    public synchronized void close() throws IOException {
        if (journalChannel != null) {
            journalChannel.force(true);
            journalChannel.close();
        }
    }

    private void writeSnapshot(Checkpoint c) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append(MAGIC).append('\n');
        sb.append("fingerprint ").append(c.fingerprint()).append('\n');
        sb.append("symmetry ").append(c.symmetry()).append('\n');
        sb.append("output ").append(c.output()).append('\n');
        sb.append("shard ").append(c.shard()).append('\n');
        sb.append("units ").append(c.units()).append('\n');
        sb.append("done ").append(Base64.getEncoder().encodeToString(c.done().toByteArray())).append('\n');
        sb.append("solutions ").append(c.lines().size()).append('\n');
        for (String d : c.definition()) {
            sb.append("definition ").append(d).append('\n');
        }
        for (String l : new TreeSet<>(c.lines())) {
            sb.append("line ").append(l).append('\n');
        }
        String text = sb.toString();
        String all = text + "end " + crc(text) + "\n";
        AtomicFiles.write(file, w -> w.write(all));
    }

    /**
     * Reads a checkpoint and its journal.
     *
     * @throws CheckpointException when the snapshot is missing, truncated, corrupt or not a checkpoint, or a
     *                             journal record other than a torn last one is damaged
     */
    public static Checkpoint load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new CheckpointException(file + ": no such checkpoint file");
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (!text.startsWith(MAGIC + "\n")) {
            throw new CheckpointException(file + ": not a polycube checkpoint (first line must be '" + MAGIC + "')");
        }
        int end = text.lastIndexOf("end ");
        if (end < 0 || !text.endsWith("\n") || (end > 0 && text.charAt(end - 1) != '\n')) {
            throw new CheckpointException(file + ": truncated checkpoint (no 'end' line); it cannot be resumed");
        }
        String body = text.substring(0, end);
        String stored = text.substring(end + 4).strip();
        if (!stored.equals(crc(body))) {
            throw new CheckpointException(file + ": corrupt checkpoint (checksum " + stored + " does not match " + crc(body) + ")");
        }
        String fingerprint = null;
        String symmetry = null;
        Path output = null;
        Shard shard = Shard.ALL;
        int units = -1;
        BitSet done = null;
        long declared = -1;
        List<String> definition = new ArrayList<>();
        TreeSet<String> lines = new TreeSet<>();
        String[] rows = body.split("\n");
        for (int i = 1; i < rows.length; i++) {
            String row = rows[i];
            int sp = row.indexOf(' ');
            String key = sp < 0 ? row : row.substring(0, sp);
            String value = sp < 0 ? "" : row.substring(sp + 1);
            switch (key) {
                case "fingerprint" -> fingerprint = value;
                case "symmetry" -> symmetry = value;
                case "output" -> output = Path.of(value);
                case "shard" -> shard = Shard.parse(value);
                case "units" -> units = Integer.parseInt(value);
                case "done" -> done = BitSet.valueOf(Base64.getDecoder().decode(value));
                case "solutions" -> declared = Long.parseLong(value);
                case "definition" -> definition.add(value);
                case "line" -> lines.add(value);
                default -> throw new CheckpointException(file + ":" + (i + 1) + ": unexpected line '" + row + "'");
            }
        }
        if (fingerprint == null || symmetry == null || output == null || units < 0 || done == null || definition.isEmpty()) {
            throw new CheckpointException(file + ": checkpoint lacks required fields");
        }
        if (declared != lines.size()) {
            throw new CheckpointException(file + ": checkpoint says " + declared + " solutions but holds " + lines.size());
        }
        readJournal(journalOf(file), done, lines, units);
        return new Checkpoint(fingerprint, definition, symmetry, output, shard, units, done, lines);
    }

    private static void readJournal(Path journal, BitSet done, Collection<String> lines, int units) throws IOException {
        if (!Files.isRegularFile(journal)) {
            return;
        }
        String text = Files.readString(journal, StandardCharsets.UTF_8);
        String[] rows = text.split("\n", -1);
        int i = 0;
        // the last element is "" after a final newline, or a torn fragment
        int complete = text.endsWith("\n") ? rows.length - 1 : rows.length - 1;
        while (i < complete) {
            String[] head = rows[i].split(" ");
            if (head.length != 4 || !head[0].equals("unit")) {
                throw new CheckpointException(journal + ":" + (i + 1) + ": damaged journal record '" + rows[i] + "'");
            }
            int unit = Integer.parseInt(head[1]);
            int n = Integer.parseInt(head[2]);
            if (i + 1 + n > complete) {
                return; // torn last record: the process died while appending it; its unit runs again
            }
            StringBuilder body = new StringBuilder();
            for (int k = 0; k < n; k++) {
                body.append(rows[i + 1 + k]).append('\n');
            }
            if (!crc(body.toString()).equals(head[3])) {
                if (i + 1 + n == complete) {
                    return; // torn at the very end
                }
                throw new CheckpointException(journal + ":" + (i + 1) + ": journal record for unit " + unit + " is corrupt");
            }
            if (unit < 0 || unit >= units) {
                throw new CheckpointException(journal + ":" + (i + 1) + ": unit " + unit + " is not in this plan");
            }
            done.set(unit);
            for (int k = 0; k < n; k++) {
                lines.add(rows[i + 1 + k]);
            }
            i += 1 + n;
        }
    }

    static String crc(String s) {
        CRC32 c = new CRC32();
        c.update(s.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().toHexDigits((int) c.getValue());
    }
}
