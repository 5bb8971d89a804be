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
import java.nio.file.attribute.PosixFilePermissions;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a file so that readers see either the old file or the complete new one, never half of it: the
 * content goes to a temporary file created exclusively beside the target ({@code .NAME.PID.RANDOM.tmp}),
 * is forced to disk and renamed over the target. The temporary file is removed on every failure path, and
 * ones left by a killed process (whose PID is gone) are swept the next time the same target is written.
 *
 * <p>Only regular files are replaced: a device, a pipe or a directory at the target is refused, and a
 * symbolic link is written through (the link stays, the file it names gets the new content). Errors name
 * the user's target and the operating system's reason, never the temporary file.
 */
public final class AtomicFiles {

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
        Path tmp;
        try {
            tmp = Files.createTempFile(dir, prefix + ProcessHandle.current().pid() + ".", ".tmp");
        } catch (IOException e) {
            throw FileAccessException.of("write", target, e);
        }
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                OutputStream out = Channels.newOutputStream(ch);
                body.write(out);
                out.flush();
                ch.force(true);
            }
            // temporary files are created private; the result should read like any file the user writes
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows and other non-POSIX file systems keep their defaults
            }
            try {
                Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dest, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw FileAccessException.of("write", target, e);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort: the next write of this target sweeps it
            }
        }
    }

    /**
     * The file to replace: the target itself, or the regular file a symbolic link at the target names.
     *
     * @throws FileAccessException when the target exists but is not a regular file
     */
    public static Path destination(Path target) {
        Path abs = target.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(abs)) {
            try {
                abs = abs.toRealPath();
            } catch (IOException e) {
                // a dangling link: refuse rather than replace the link with a file
                throw new FileAccessException("cannot write " + target + ": it is a symbolic link to a missing file", e);
            }
        }
        requireRegularOrAbsent(target, abs);
        return abs;
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
