package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a file so that readers see either the old file or the complete new one, never half of it: the
 * content goes to a temporary file created exclusively beside the target ({@code .NAME.PID.RANDOM.tmp}),
 * is forced to disk and renamed over the target. The temporary file is removed on every failure path, and
 * ones left by a killed process (whose PID is gone) are swept the next time the same target is written.
 *
 * <p>Only regular files are replaced: a device, a pipe or a directory at the target is refused, and a
 * symbolic link is written through (the link stays, the file it names gets the new content) when the user
 * owns the link. A new file's mode is what the user's umask makes it; a replaced file keeps its mode. Errors name
 * the user's target and the operating system's reason, never the temporary file.
 *
 * <p>A write that the JVM's exit cuts short (Ctrl-C or SIGTERM during a long conversion, say) leaves no temporary
 * file either: the ones still open are removed by an {@link ExitCleanup} action, after any run that is saving has
 * finished, and their targets are told to whoever asks ({@link #removeUnfinished}). The target itself is untouched.
 */
public final class AtomicFiles {

    /** The temporary files being written and the targets they are for. */
    private static final java.util.Map<Path, Path> UNFINISHED = new java.util.concurrent.ConcurrentHashMap<>();
    /** The temporary files {@link #removeUnfinished} removed and their targets, in that order (guarded by the class). */
    private static final java.util.Map<Path, Path> ABANDONED = new java.util.LinkedHashMap<>();

    static {
        ExitCleanup.register(AtomicFiles::removeUnfinished);
    }

    /** Text content producer that may throw I/O errors. */
    @FunctionalInterface
    public interface Body {
        void write(Writer out) throws IOException;
    }

    /** Binary content producer that may throw I/O errors. */
    @FunctionalInterface
    public interface BinaryBody {
        void write(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    /**
     * Writes UTF-8 text to {@code target} atomically; gzip-compressed when the name ends in {@code .gz}
     * (every reader of ours inflates such files transparently).
     */
    public static void write(Path target, Body body) {
        boolean gzip = target.getFileName().toString().endsWith(".gz");
        writeBytes(target, out -> {
            GZIPOutputStream z = gzip ? new GZIPOutputStream(out, 1 << 16) : null;
            Writer w = new BufferedWriter(new OutputStreamWriter(z != null ? z : out, StandardCharsets.UTF_8), 1 << 16);
            body.write(w);
            w.flush();
            if (z != null) {
                z.finish();
            }
        });
    }

    /** Writes bytes to {@code target} atomically. */
    public static void writeBytes(Path target, BinaryBody body) {
        Path dest = destination(target);
        Path dir = dest.getParent();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw FileAccessException.of("create the directory for", target, e);
        }
        String prefix = "." + dest.getFileName() + ".";
        sweep(dir, prefix);
        Path tmp = null;
        // created exclusively with no mode of ours, so the user's umask decides it as for any file they write
        FileChannel ch = null;
        for (int attempt = 0; ch == null; attempt++) {
            tmp = dir.resolve(prefix + ProcessHandle.current().pid() + "."
                    + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() >>> 1) + ".tmp");
            try {
                ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                if (attempt > 100) {
                    throw FileAccessException.of("write", target, taken);
                }
            } catch (IOException e) {
                throw FileAccessException.of("write", target, e);
            }
        }
        UNFINISHED.put(tmp, target);
        try {
            try (FileChannel open = ch) {
                ForcingStream out = new ForcingStream(Channels.newOutputStream(open), open);
                body.write(out);
                out.flush();
                out.awaitForce();
                open.force(true);
            }
            keepMode(dest, tmp);
            boolean removed;
            // the rename and removeUnfinished one after the other: a target it names was never written
            synchronized (AtomicFiles.class) {
                removed = ABANDONED.containsKey(tmp);
                if (!removed) {
                    try {
                        Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(tmp, dest, StandardCopyOption.REPLACE_EXISTING);
                    }
                    UNFINISHED.remove(tmp);
                }
            }
            if (removed) {
                exiting();
            }
        } catch (IOException e) {
            if (removedAtExit(tmp)) {
                exiting(); // its file went from under it: the JVM is going, and this is no error of the file's
            }
            throw FileAccessException.of("write", target, e);
        } finally {
            UNFINISHED.remove(tmp);
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort: the next write of this target sweeps it
            }
        }
    }

    /**
     * Removes the temporary files of the writes still going on and returns every target whose write was cut short so
     * far. Only for when the JVM is exiting (an {@link ExitCleanup} action; the CLI's own line on an interruption calls it
     * first, to name what was not written): those writes cannot finish then. The writers carry on
     * into the removed file until the JVM halts; one that reaches the rename first waits for the halt instead of
     * reporting an error that is not the file's.
     */
    public static synchronized java.util.List<Path> removeUnfinished() {
        for (var it = UNFINISHED.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            it.remove();
            try {
                Files.deleteIfExists(e.getKey());
            } catch (IOException ignored) {
                // best effort: the next write of this target sweeps it
            }
            ABANDONED.put(e.getKey(), e.getValue());
        }
        return List.copyOf(ABANDONED.values());
    }

    private static synchronized boolean removedAtExit(Path tmp) {
        return ABANDONED.containsKey(tmp);
    }

    /** A writer whose temporary file the exit removed: waits for the JVM's halt, which is under way. */
    private static void exiting() {
        while (true) {
            java.util.concurrent.locks.LockSupport.park();
        }
    }

    /** Bytes written between two forces in the background ({@link ForcingStream}). */
    static final long FORCE_EVERY = 32L << 20;

    /**
     * The temporary file's stream, which has the pages written so far forced to disk in the background every
     * {@link #FORCE_EVERY} bytes (one force at a time, on a thread of its own), so that the force before the rename
     * finds little left to write: the 8x8 dominoes' 106 MB catalog waited 0.3 - 0.4 s for it on a slow disk, after
     * the whole file was written, while the other core sat idle. A background force's failure is kept and thrown
     * before the rename (Linux reports a write-back error to one fsync only, which may be the background one).
     */
    static final class ForcingStream extends OutputStream {
        private final OutputStream out;
        private final FileChannel channel;
        private long sinceForce;
        private Thread forcing;
        private volatile IOException failed;

        ForcingStream(OutputStream out, FileChannel channel) {
            this.out = out;
            this.channel = channel;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            wrote(1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            wrote(len);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        private void wrote(int n) {
            sinceForce += n;
            if (sinceForce >= FORCE_EVERY && (forcing == null || !forcing.isAlive())) {
                sinceForce = 0;
                forcing = new Thread(() -> {
                    try {
                        channel.force(false);
                    } catch (IOException e) {
                        failed = e;
                    }
                }, "polycube-force");
                forcing.setDaemon(true);
                forcing.start();
            }
        }

        /** Waits for the background force, if one runs, and throws what it met. */
        void awaitForce() throws IOException {
            if (forcing != null) {
                boolean interrupted = false;
                while (true) {
                    try {
                        forcing.join();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true; // the file is finished first; the caller sees the interrupt after
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            if (failed != null) {
                throw failed;
            }
        }
    }

    /**
     * The file to replace: the target itself, or the regular file a symbolic link at the target names.
     *
     * @throws FileAccessException when the target exists but is not a regular file
     */
    public static Path destination(Path target) {
        if (target.toString().isEmpty()) {
            throw new FileAccessException("cannot write '': an empty file name; name the file to write", null);
        }
        Path abs = target.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(abs)) {
            requireOwnLink(target, abs);
            try {
                abs = abs.toRealPath();
            } catch (IOException e) {
                // a dangling link: refuse rather than replace the link with a file. /dev/stdout of a pipe is one
                // (it names "pipe:[N]"), and says so: a stream cannot be replaced whole
                String to = "";
                try {
                    to = Files.readSymbolicLink(abs).toString();
                } catch (IOException | UnsupportedOperationException unreadable) {
                    // say the general thing
                }
                boolean stream = to.startsWith("/proc/self/fd/") || to.startsWith("pipe:") || to.startsWith("socket:");
                throw new FileAccessException("cannot write " + target + ": " + (stream
                        ? "it is a stream (standard output or a pipe), and polycube writes a file whole or not at all; "
                                + "name a file (NAME.txt.gz compresses it)"
                        : "it is a symbolic link to a missing file"), e);
            }
        }
        requireRegularOrAbsent(target, abs);
        return abs;
    }

    /** A file being replaced keeps its permissions (a private catalog stays private). */
    private static void keepMode(Path dest, Path tmp) throws IOException {
        try {
            if (Files.isRegularFile(dest)) {
                Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(dest));
            }
        } catch (UnsupportedOperationException notPosix) {
            // Windows and other non-POSIX file systems keep their defaults
        }
    }

    /**
     * Writes through a symbolic link only when the link is the user's own: in a shared directory (/tmp) a
     * link planted by someone else would make polycube overwrite whatever that person chose.
     */
    private static void requireOwnLink(Path shown, Path link) {
        try {
            String owner = Files.getOwner(link, LinkOption.NOFOLLOW_LINKS).getName();
            String me = System.getProperty("user.name");
            if (me != null && !owner.equals(me)) {
                throw new FileAccessException("cannot write " + shown + ": it is a symbolic link owned by " + owner
                        + ", not by you (" + me + "); polycube writes through a link only when it is yours. Remove the link "
                        + "or name another file", null);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no owner to compare (a file system without owners): write through it as before
        }
    }

    /** Refuses a path that exists as something other than a regular file (device, pipe, directory). */
    public static void requireRegularOrAbsent(Path shown, Path abs) {
        if (Files.exists(abs) && !Files.isRegularFile(abs)) {
            String what = Files.isDirectory(abs) ? "a directory" : "not a regular file (a device, pipe or socket)";
            throw new FileAccessException("cannot write " + shown + ": it is " + what
                    + "; polycube only replaces regular files, so name a file path", null);
        }
    }

    /** Deletes temporary files of {@code prefix} whose writing process no longer runs. */
    private static void sweep(Path dir, String prefix) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir,
                p -> p.getFileName().toString().startsWith(prefix) && p.getFileName().toString().endsWith(".tmp"))) {
            for (Path p : s) {
                String rest = p.getFileName().toString().substring(prefix.length());
                int dot = rest.indexOf('.');
                if (dot > 0 && Processes.isGone(rest.substring(0, dot))) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // sweeping is housekeeping; a failure must not stop the write
        }
    }
}
