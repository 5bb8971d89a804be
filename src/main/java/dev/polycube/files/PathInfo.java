package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
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

    /** Removes a file (a link itself, never what it points to); nothing when it is absent. */
    public static void delete(Path p) throws IOException {
        Files.deleteIfExists(p);
    }
}
