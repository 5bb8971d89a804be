package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.LineStore;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Part;
import dev.polycube.error.UserException;
import dev.polycube.files.RunLock;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "status", mixinStandardHelpOptions = true, header = "Progress of the parts of runs kept in a directory.",
        description = {"Reads the checkpoints (*.ckpt) and finished part catalogs (shards, --units pieces) in a directory",
            "and prints, for each run, the units done of its total, the solutions so far and an estimate of the",
            "time left (from when its earliest part started). Each part is listed as finished, running (another",
            "process holds its lock) or stopped (resume it). Reads only; safe while the runs go on.",
            "",
            "Example:  polycube status catalogs"})
final class StatusCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "DIR", description = "the directory the parts write to")
    private Path dir;

    /** One run (one plan fingerprint): its parts as found. */
    private static final class Run {
        String puzzle;
        int units = -1;
        final BitSet done = new BitSet();
        long solutions;
        Instant started;
        final List<String> parts = new ArrayList<>();
    }

    @Override
    public Integer call() throws java.io.IOException {
        if (!Files.isDirectory(dir)) {
            throw new dev.polycube.error.OptionException(dir + " is not a directory");
        }
        Map<String, Run> runs = new TreeMap<>();
        List<String> skipped = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || name.startsWith(".")) {
                    continue;
                }
                try {
                    if (name.endsWith(".ckpt")) {
                        addCheckpoint(runs, f);
                    } else if (name.endsWith(".txt") || name.endsWith(".txt.gz")) {
                        addCatalog(runs, f);
                    }
                } catch (UserException e) {
                    skipped.add(name + ": " + e.getMessage());
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (runs.isEmpty()) {
            out.printf("%s: no checkpoints or part catalogs%n", dir);
        }
        Instant now = Instant.now();
        for (Map.Entry<String, Run> e : runs.entrySet()) {
            Run r = e.getValue();
            int done = r.done.cardinality();
            out.printf("%s (plan %s): %,d of %,d units done (%.1f%%), %s so far%s%n", r.puzzle, e.getKey().substring(0, Math.min(12, e.getKey().length())),
                    done, r.units, 100.0 * done / Math.max(1, r.units), Format.count(r.solutions, "solution"),
                    eta(r, done, now));
            r.parts.stream().sorted().forEach(p -> out.println("  " + p));
        }
        skipped.forEach(s -> out.println("skipped " + s));
        return ExitCodes.OK;
    }

    private static String eta(Run r, int done, Instant now) {
        if (done >= r.units) {
            return "; all units done: merge the parts";
        }
        if (r.started == null || done == 0) {
            return "";
        }
        double elapsed = Duration.between(r.started, now).toMillis() / 1000.0;
        return String.format("; running %s, about %s left at this rate", Format.seconds(elapsed),
                Format.seconds(elapsed * (r.units - done) / done));
    }

    private static void addCheckpoint(Map<String, Run> runs, Path f) {
        Checkpoint c = CheckpointStore.load(f);
        Run r = runs.computeIfAbsent(c.fingerprint(), k -> new Run());
        r.puzzle = puzzleName(c.spec().definition());
        r.units = c.units();
        Part part = c.spec().part();
        int partDone = 0;
        int partUnits = 0;
        for (int u = 0; u < c.units(); u++) {
            if (part.contains(u)) {
                partUnits++;
                if (c.done().get(u)) {
                    r.done.set(u);
                    partDone++;
                }
            }
        }
        long lines = LineStore.count(c.lines());
        r.solutions += lines;
        Instant started = Instant.parse(c.started());
        r.started = r.started == null || started.isBefore(r.started) ? started : r.started;
        String holder = RunLock.holderOf(f);
        r.parts.add(String.format("%-22s %s: %,d of %,d units, %s", part.spec(), holder == null ? "stopped (resume it)"
                : "running (" + holder + ")", partDone, partUnits, Format.count(lines, "solution")) + "  " + f.getFileName());
    }

    private static void addCatalog(Map<String, Run> runs, Path f) {
        try (dev.polycube.files.TextInput.Lines head = dev.polycube.files.TextInput.lines(f)) {
            if (!NativeCatalog.looksNative(head.next())) {
                return; // some other text file (a pieces list, notes): not ours to judge
            }
        } catch (UserException notText) {
            return;
        }
        Catalog c;
        long count = 0;
        try (NativeCatalog.Reader reader = NativeCatalog.open(f)) {
            c = reader.header();
            if (c.part() == null) {
                return; // a whole run's catalog: nothing to track
            }
            while (reader.next() != null) {
                count++;
            }
        }
        Run r = runs.computeIfAbsent(c.part().plan(), k -> new Run());
        r.puzzle = c.puzzle();
        r.units = c.part().planUnits();
        Part part = Part.parse(c.part().part());
        int n = 0;
        for (int u = 0; u < r.units; u++) {
            if (part.contains(u)) {
                r.done.set(u);
                n++;
            }
        }
        r.solutions += count;
        r.parts.add(String.format("%-22s finished%s: %,d units, %s", part.spec(), c.limited() ? " (limited)" : "", n,
                Format.count(count, "solution")) + "  " + f.getFileName());
    }

    private static String puzzleName(List<String> definition) {
        for (String d : definition) {
            if (d.startsWith("name ")) {
                return d.substring(5).strip();
            }
        }
        return "puzzle";
    }
}
