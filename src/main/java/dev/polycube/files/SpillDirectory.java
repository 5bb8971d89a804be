package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one directory where this process spills sorted runs of solutions that do not fit in memory:
 * {@code TMPDIR/polycube-spill-PID-RANDOM}, created on first use and removed with everything in it when
 * the JVM exits. A process killed with SIGKILL cannot remove it, so the next process that spills sweeps
 * every {@code polycube-spill-PID-*} directory whose PID no longer runs.
 * {@code TMPDIR} is the environment's (else java.io.tmpdir); {@code -Dpolycube.spill.dir=DIR} puts it elsewhere.
 *
 * <p>A run that Ctrl-C or SIGTERM stops still reads its spilled lines to save its checkpoint, while the JVM's
 * shutdown hooks run side by side: so the removal is an {@link ExitCleanup} action, which waits until no
 * {@link #hold} is open, and a run holds the directory for its whole life.
 */
public final class SpillDirectory {

    private static final String PREFIX = "polycube-spill-";
    /** How to spill elsewhere, for the messages of a spill that failed. */
    private static final String ELSEWHERE = "solutions that do not fit in memory spill to $TMPDIR (else java.io.tmpdir), "
            + "or to -Dpolycube.spill.dir=DIR given in POLYCUBE_JAVA_OPTS: name a directory with room";
    private static Path dir;
    private static final AtomicLong NEXT = new AtomicLong();

    static {
        // registered when a run first holds or spills, while the JVM is not shutting down: a run stopped by a signal
        // may spill for the first time while it saves, when an exit action can no longer be added
        ExitCleanup.register(SpillDirectory::removeAtExit);
    }

    /** A run's claim on the spill files, released by {@link ExitCleanup.Hold#close()}. */
    public static ExitCleanup.Hold hold() {
        return ExitCleanup.hold();
    }

    private SpillDirectory() {
    }

    /** At exit, once no run holds the files ({@link ExitCleanup}): removes them. */
    private static void removeAtExit() {
        Path created;
        synchronized (SpillDirectory.class) {
            created = dir; // null when nothing spilled
        }
        if (created != null) {
            deleteTree(created);
        }
    }

    /** Removes spill directories that killed processes left (called when a run starts). */
    public static void sweepLeftovers() {
        sweep(base());
    }

    /**
     * {@code -Dpolycube.spill.dir}, else {@code $TMPDIR} as Unix tools read it (Java's own java.io.tmpdir ignores it,
     * and a batch system such as Slurm points it at the job's scratch disk), else java.io.tmpdir.
     */
    static Path base() {
        String told = System.getProperty("polycube.spill.dir");
        if (told != null && !told.isBlank()) {
            return Path.of(told);
        }
        String env = System.getenv("TMPDIR");
        return Path.of(env != null && !env.isBlank() ? env : System.getProperty("java.io.tmpdir"));
    }

    /** A fresh file name inside this process's spill directory (the file is not created). */
    private static synchronized Path newFile(String stem) {
        if (dir == null) {
            Path base = base();
            sweep(base);
            try {
                Files.createDirectories(base);
                dir = Files.createTempDirectory(base, PREFIX + ProcessHandle.current().pid() + "-");
            } catch (IOException e) {
                String why = e instanceof java.nio.file.FileAlreadyExistsException && !Files.isDirectory(base)
                        ? "it is not a directory" : FileAccessException.reason(e);
                throw new FileAccessException("cannot create a spill directory in " + base + ": " + why + " (" + ELSEWHERE
                        + ")", e);
            }
        }
        return dir.resolve(stem + "-" + NEXT.incrementAndGet() + ".txt");
    }

    /** Writes {@code sorted} as a new run file of this process's spill directory, one line each; returns it. */
    public static Path writeRun(String stem, Iterable<String> sorted) {
        Path run = newFile(stem);
        try (BufferedWriter w = Files.newBufferedWriter(run, StandardCharsets.UTF_8)) {
            for (String s : sorted) {
                w.write(s);
                w.write('\n');
            }
        } catch (IOException e) {
            throw new FileAccessException("cannot spill solutions to " + run.getParent() + ": " + FileAccessException.reason(e)
                    + " (" + ELSEWHERE + ")", e);
        }
        return run;
    }

    /** Reads a run file {@link #writeRun} wrote. */
    public static BufferedReader openRun(Path run) throws IOException {
        return Files.newBufferedReader(run, StandardCharsets.UTF_8);
    }

    private static void sweep(Path base) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(base, p -> p.getFileName().toString().startsWith(PREFIX))) {
            for (Path p : s) {
                String rest = p.getFileName().toString().substring(PREFIX.length());
                int dash = rest.indexOf('-');
                if (dash > 0 && Processes.isGone(rest.substring(0, dash))) {
                    deleteTree(p);
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // housekeeping only
        }
    }

    /** Deletes {@code root} and everything below it, without following links; best effort. */
    static void deleteTree(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | RuntimeException ignored) {
            // best effort: the next process sweeps what is left
        }
    }
}
