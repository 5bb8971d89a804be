package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import dev.polycube.error.UserException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One run per checkpoint: an operating-system lock on {@code CHECKPOINT.lock}, held for the run's whole
 * life. The lock file holds the holder's PID, start time and command, so a second {@code solve} or
 * {@code resume} can say who holds it. The kernel drops the lock when the holder dies (even by SIGKILL),
 * so a stale lock file never blocks anyone.
 *
 * <p>Releasing deletes the file while still holding the lock. A competitor that opened the old file in
 * between would lock a file no path names any more; it notices, because the unique line it writes into
 * its locked file is not what the path then reads, and tries again. So two runs never both hold it.
 */
public final class RunLock implements AutoCloseable {

    /** Someone else runs on this checkpoint. */
    public static final class HeldException extends UserException {
        HeldException(String message) {
            super(Kind.BAD_INPUT, message, null);
        }
    }

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
        return checkpoint.resolveSibling(checkpoint.getFileName() + ".lock");
    }

    /**
     * Takes the lock for {@code checkpoint}, recording {@code command} as what holds it.
     *
     * @throws HeldException when another process holds it (the message names that process)
     */
    public static RunLock acquire(Path checkpoint, String command) {
        Path file = fileFor(checkpoint).toAbsolutePath().normalize();
        for (int attempt = 0; attempt < 10; attempt++) {
            FileChannel ch = null;
            try {
                Files.createDirectories(file.getParent());
                if (Files.isSymbolicLink(file)) {
                    throw new FileAccessException("cannot lock " + checkpoint + ": " + file + " is a symbolic link; "
                            + "remove it (polycube never follows links for its own run files)", null);
                }
                ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                FileLock l = ch.tryLock();
                if (l == null) {
                    String holder = readHolder(ch);
                    ch.close();
                    throw new HeldException("another polycube run is using " + checkpoint + " (" + holder + "); wait for "
                            + "it to finish or stop it, or give this run another -o / --checkpoint");
                }
                ch.truncate(0);
                String me = "pid " + ProcessHandle.current().pid() + ", started "
                        + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ", `" + command + "` #" + System.nanoTime();
                ch.write(ByteBuffer.wrap((me + "\n").getBytes(StandardCharsets.UTF_8)), 0);
                if (!me.equals(onDisk(file))) {
                    l.release();
                    ch.close();
                    continue; // the holder released and deleted it between our open and lock: take the new one
                }
                return new RunLock(file, ch, l);
            } catch (IOException e) {
                closeQuietly(ch);
                throw FileAccessException.of("lock", checkpoint, e);
            } catch (RuntimeException e) {
                closeQuietly(ch);
                throw e;
            }
        }
        throw new HeldException("cannot lock " + checkpoint + ": other runs keep taking and releasing it; try again");
    }

    /** What the path names now holds, read without following links (null when it is gone). */
    private static String onDisk(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return null;
        }
    }

    private static String readHolder(FileChannel ch) {
        try {
            ByteBuffer b = ByteBuffer.allocate(512);
            ch.read(b, 0);
            String s = new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).strip();
            int hash = s.lastIndexOf(" #");
            s = hash < 0 ? s : s.substring(0, hash);
            return s.isEmpty() ? "a process that is just starting" : s;
        } catch (IOException e) {
            return "holder unknown";
        }
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

    /** Deletes the lock file, then releases the lock. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a leftover lock file is harmless: the kernel lock is what counts
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException ignored) {
            // closing the channel drops the lock in any case
        }
    }
}
