package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import dev.polycube.error.UserException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One run per checkpoint: an operating-system lock on the hidden file {@code .CHECKPOINT.lock} beside the
 * checkpoint, held for the run's whole life. While held, the file names the holder (PID, start time,
 * command), so a second {@code solve} or {@code resume} can say who holds it. The kernel drops the lock
 * when the holder dies (even by SIGKILL), so a stale lock file never blocks anyone.
 *
 * <p>A run removes the lock file when it ends, so no {@code .NAME.ckpt.lock} stays behind in a catalog
 * directory. Removing a locked file has one hazard: a competitor that opened it before the removal locks the
 * removed file (nobody else can see it) while a third process creates and locks a new one under the name.
 * So the holder first writes {@link #RELEASED} into the file, then removes it, then releases the lock (by
 * then its run is over: the catalog and checkpoint are written), and a process that locks a file marked
 * released opens the name again. Only a holder killed between marking and removing leaves a marked file; the
 * next run finds it marked again on its next attempt and takes it. This process never opens the file a
 * second time while it holds the lock, since closing any descriptor of a file drops a POSIX lock on it.
 */
public final class RunLock implements AutoCloseable {

    /** Someone else runs on this checkpoint. */
    public static final class HeldException extends UserException {
        HeldException(String message) {
            super(Kind.BAD_INPUT, message, null);
        }
    }

    /** What a lock file holds once its holder has let it go and is removing it. */
    static final String RELEASED = "released\n";

    /** How often a run reopens a lock file it found marked {@link #RELEASED} before it takes it anyway. */
    private static final int REOPENS = 3;

    /** How long a starting run waits out a brief holder (an onlooker's probe) before it gives up. */
    private static final long CONTENTION_MS = 2_000;

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock file that guards {@code checkpoint}. */
    public static Path fileFor(Path checkpoint) {
        return checkpoint.resolveSibling("." + checkpoint.getFileName() + ".lock");
    }

    /**
     * Takes the lock for {@code checkpoint}, recording {@code command} as what holds it.
     *
     * @throws HeldException when another process holds it (the message names that process)
     */
    public static RunLock acquire(Path checkpoint, String command) {
        Path file = fileFor(checkpoint).toAbsolutePath().normalize();
        for (int attempt = 1; ; attempt++) {
            RunLock lock = tryAcquire(checkpoint, file, command, attempt < REOPENS);
            if (lock != null) {
                return lock;
            }
        }
    }

    /** The lock, or null when the file locked was marked released and {@code reopenReleased} says try the name again. */
    private static RunLock tryAcquire(Path checkpoint, Path file, String command, boolean reopenReleased) {
        FileChannel ch = null;
        try {
            Files.createDirectories(file.getParent());
            if (Files.isSymbolicLink(file)) {
                throw new FileAccessException("cannot lock " + checkpoint + ": " + file + " is a symbolic link; "
                        + "remove it (polycube never follows links for its own run files)", null);
            }
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
            FileLock l = tryLock(ch);
            if (l == null) {
                String holder = readHolder(ch);
                ch.close();
                throw new HeldException("another polycube run is using " + checkpoint + " (" + holder + "); wait for "
                        + "it to finish or stop it, or give this run another -o / --checkpoint");
            }
            if (reopenReleased && RELEASED.equals(read(ch))) {
                ch.close(); // a file its last holder is removing: the name may already belong to a new one
                return null;
            }
            ch.truncate(0);
            String me = "pid " + ProcessHandle.current().pid() + ", started "
                    + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ", `" + command + "`";
            ch.write(ByteBuffer.wrap((me + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            return new RunLock(file, ch, l);
        } catch (IOException e) {
            closeQuietly(ch);
            throw FileAccessException.of("lock", checkpoint, e);
        } catch (RuntimeException e) {
            closeQuietly(ch);
            throw e;
        }
    }

    /**
     * The lock, or null when another process keeps it for longer than {@link #CONTENTION_MS}: {@link #holderOf}
     * (a {@code status} looking on) holds it for an instant, which must not make a starting run fail.
     */
    private static FileLock tryLock(FileChannel ch) throws IOException {
        long deadline = System.nanoTime() + CONTENTION_MS * 1_000_000L;
        while (true) {
            try {
                FileLock l = ch.tryLock();
                if (l != null) {
                    return l;
                }
            } catch (OverlappingFileLockException sameProcess) {
                return null;
            }
            if (System.nanoTime() > deadline) {
                return null;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    /**
     * Who holds the lock of {@code checkpoint} ("pid 1234"), or null when nobody does (the run is stopped or
     * finished). For another process only: it opens and closes the lock file.
     */
    public static String holderOf(Path checkpoint) {
        Path file = fileFor(checkpoint);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            FileLock l = ch.tryLock();
            if (l != null) {
                l.release();
                return null;
            }
            String who = readHolder(ch);
            int comma = who.indexOf(',');
            return comma < 0 ? who : who.substring(0, comma);
        } catch (IOException | OverlappingFileLockException e) {
            return null;
        }
    }

    private static String readHolder(FileChannel ch) {
        try {
            String s = read(ch).strip();
            return s.isEmpty() ? "a process that is just starting" : s;
        } catch (IOException e) {
            return "holder unknown";
        }
    }

    /** The start of the file (a holder line is short), through the channel that holds the lock. */
    private static String read(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(512);
        ch.read(b, 0);
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // already failing
            }
        }
    }

    /** Marks the lock file released and removes it, then releases the lock (see the class comment for the order). */
    @Override
    public void close() {
        try {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(RELEASED.getBytes(StandardCharsets.UTF_8)), 0);
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a lock file left behind is harmless: the kernel lock is what counts, and the next run takes it
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException ignored) {
            // closing the channel drops the lock in any case
        }
    }
}
