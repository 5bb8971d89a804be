package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * What a path is, for the packages that must decide before they read or write (a catalog or a puzzle name,
 * a run's own files, a directory of parts). Every question about the file system outside this package goes
 * through here, so the rule "file access only in {@code files}" has no exceptions.
 */
public final class PathInfo {

    private PathInfo() {
    }

    /** Something is at {@code p}, following links (a dangling link is nothing). */
    public static boolean exists(Path p) {
        return Files.exists(p);
    }

    /** A regular file, following links. */
    public static boolean isRegularFile(Path p) {
        return Files.isRegularFile(p);
    }

    /** A regular file itself, not a link to one. */
    public static boolean isRegularFileNoFollow(Path p) {
        return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
    }

    public static boolean isDirectory(Path p) {
        return Files.isDirectory(p);
    }

    /** When the file at {@code p} was last written, or null when it is gone (or cannot be read). */
    public static java.time.Instant modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toInstant();
        } catch (IOException gone) {
            return null;
        }
    }

    /** The size of the file at {@code p} in bytes, or 0 when it is gone or cannot be read (for progress, never for a decision). */
    public static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException gone) {
            return 0;
        }
    }

    /** Something (a file, a link, even a dangling one) is at {@code p}. */
    public static boolean existsNoFollow(Path p) {
        return Files.exists(p, LinkOption.NOFOLLOW_LINKS);
    }

    /** The entries of a directory, in no particular order. */
    public static List<Path> list(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            entries.forEach(out::add);
        } catch (IOException e) {
            throw FileAccessException.of("list the directory", dir, e);
        }
        return out;
    }

    /**
     * The path with its directory's links and {@code ..} resolved (the file itself need not exist), so two
     * names of one file compare equal.
     */
    public static Path canonical(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            Path dir = abs.getParent();
            return dir != null && Files.isDirectory(dir) ? dir.toRealPath().resolve(abs.getFileName()) : abs;
        } catch (IOException e) {
            return abs;
        }
    }

    /** Where a symbolic link points, or null when {@code link} is not one (or cannot be read). */
    public static Path linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /**
     * What a command says to "-", which many tools read as standard input: polycube reads a catalog more than once (its
     * layout is found first) and names a puzzle's file in what it writes, so it reads files.
     */
    private static final String STANDARD_INPUT = "cannot read '-': polycube reads files, not standard input; save the data "
            + "to a file first (a .gz file is read as it is), or write ./- for a file called '-'";

    /**
     * Refuses, before anything opens it, a path that is not a readable regular file, saying what it is: no
     * such file, a dangling link, a loop of links, a directory, a named pipe (opening one would wait for a
     * writer forever), a device or a socket. An empty path is refused too, and "-" (standard input) when no file
     * has that name.
     */
    public static void requireReadableFile(Path file) {
        if (file.toString().isEmpty()) {
            throw new FileAccessException("cannot read '': an empty file name; name a file", null);
        }
        if (file.toString().equals("-") && !existsNoFollow(file)) {
            throw new FileAccessException(STANDARD_INPUT, null);
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            Path target = linkTarget(file);
            throw new FileAccessException("cannot read " + file + ": "
                    + (target != null ? "a symbolic link to " + target + ", which does not exist" : "no such file"), e);
        } catch (FileSystemException e) {
            String reason = e.getReason() != null && e.getReason().contains("symbolic links")
                    ? "a loop of symbolic links" : FileAccessException.reason(e);
            throw new FileAccessException("cannot read " + file + ": " + reason, e);
        } catch (IOException e) {
            throw FileAccessException.of("read", file, e);
        }
        if (a.isDirectory()) {
            throw new FileAccessException("cannot read " + file + ": it is a directory; name a file in it", null);
        }
        if (!a.isRegularFile()) {
            throw new FileAccessException("cannot read " + file + ": it is " + kind(file) + ", not a regular file; polycube "
                    + "reads only regular files (save the data to a file first)", null);
        }
    }

    /** What a non-regular, non-directory file is, in words. */
    private static String kind(Path file) {
        try {
            int type = ((Integer) Files.getAttribute(file, "unix:mode")) & 0170000;
            return switch (type) {
                case 0010000 -> "a named pipe (FIFO)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file (a pipe, device or socket)";
        }
    }

    /**
     * Refuses an output path that is empty or names one of the command's inputs (after resolving links, {@code ..}
     * and hard links): writing it would destroy what the command reads.
     *
     * @param option how the user gave the output ("-o", "OUT"), for the message
     * @param inputs the files the command reads (null entries and built-in names are skipped)
     */
    public static void requireOutput(String option, Path output, java.util.Collection<Path> inputs) {
        if (output == null) {
            return;
        }
        if (output.toString().isEmpty()) {
            throw new dev.polycube.error.OptionException(option + " is an empty path; name the file to write");
        }
        if (output.toString().equals("-")) {
            throw new dev.polycube.error.OptionException(option + " - : polycube writes files, not standard output (a file "
                    + "is written whole or not at all, never half); name a file (NAME.txt.gz compresses it), or ./- for a "
                    + "file called '-'");
        }
        if (output.getFileName() == null || isDirectory(output)) {
            throw new dev.polycube.error.OptionException(option + " " + output + " is a directory; name a file to write");
        }
        for (Path in : inputs) {
            if (in != null && !in.toString().isEmpty() && sameFile(output, in)) {
                throw new dev.polycube.error.OptionException("refusing to write " + output + " (" + option + "): it is "
                        + (canonical(output).equals(canonical(in)) ? "" : "the same file as ") + "the input " + in
                        + ", which polycube never overwrites; give " + option + " another path");
            }
        }
    }

    /** True when the two paths name one file: the same path once resolved, or the same existing file. */
    public static boolean sameFile(Path a, Path b) {
        if (canonical(a).equals(canonical(b))) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** Removes a file (a link itself, never what it points to); nothing when it is absent. */
    public static void delete(Path p) throws IOException {
        Files.deleteIfExists(p);
    }
}
