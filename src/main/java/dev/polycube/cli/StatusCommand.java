package dev.polycube.cli;

import dev.polycube.error.Plural;
import dev.polycube.run.RunStatus;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "status", mixinStandardHelpOptions = true, header = "Progress of the parts of runs kept in a directory.",
        description = {"Reads the checkpoints (*.ckpt) and finished part catalogs (shards, --units pieces) in a directory",
            "and prints, for each run, the units done of its total, the solutions so far and an estimate of the",
            "time left (from when its earliest part started). Each part is listed as finished, running (another",
            "process holds its lock) or stopped (resume it). Given one checkpoint, the same for that part alone.",
            "Reads only; safe while the runs go on.",
            "",
            "Examples:  polycube status catalogs",
            "           polycube status catalogs/bedlam.ckpt"})
final class StatusCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "DIR|CKPT", description = "the directory the parts write to, or one checkpoint")
    private Path dir;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() {
        RunStatus.Report report = RunStatus.of(dir, this::reading);
        PrintWriter out = spec.commandLine().getOut();
        Path catalogs = dir.resolve("catalogs");
        if (report.runs().isEmpty() && dev.polycube.files.PathInfo.isDirectory(dir)
                && dev.polycube.files.PathInfo.isDirectory(catalogs)) {
            // a run keeps its checkpoint beside its catalog, catalogs/NAME.ckpt by default: look where it would be
            RunStatus.Report inside = RunStatus.of(catalogs, this::reading);
            if (!inside.runs().isEmpty()) {
                out.printf("%s: no checkpoints or part catalogs here; in %s:%n", dir, catalogs);
                report = inside;
            }
        }
        if (report.runs().isEmpty()) {
            out.printf("%s: no checkpoints or part catalogs%n", dir);
        }
        Instant now = Instant.now();
        for (RunStatus.Summary r : report.runs()) {
            // parts that hold the same units count their classes twice, and their rates would add up: neither is said
            boolean overlap = !r.overlaps().isEmpty();
            out.printf("%s (plan %s): %,d of %,d units done (%.1f%%), %s%n", r.puzzle(),
                    r.plan().substring(0, Math.min(12, r.plan().length())), r.unitsDone(), r.units(),
                    r.units() == 0 ? 100.0 : 100.0 * r.unitsDone() / r.units(), overlap
                            ? "solutions not added up: parts overlap (below)"
                            : Plural.count(r.solutions(), "solution") + " so far" + eta(r, now));
            for (RunStatus.PartState p : r.parts()) {
                out.println("  " + describe(p) + "  " + p.file().getFileName());
            }
            r.overlaps().forEach(o -> out.println("  overlap: " + o));
        }
        report.skipped().forEach(s -> out.println("skipped " + s));
        return ExitCodes.OK;
    }

    /** A checkpoint of millions of classes takes seconds to read: its own status line. */
    private dev.polycube.files.Progress reading(Path checkpoint) {
        return new PassStatus("status", "reading " + checkpoint.getFileName(), Format::bytes, "", quiet.on());
    }

    private static String describe(RunStatus.PartState p) {
        return switch (p.state()) {
            case FINISHED -> String.format("%-22s finished%s: %,d units, %s", p.part(), p.limited() ? " (limited)" : "",
                    p.units(), Plural.count(p.solutions(), "solution"));
            case RUNNING, STOPPED -> String.format("%-22s %s: %,d of %,d units, %s", p.part(),
                    p.state() == RunStatus.State.STOPPED ? "stopped (resume it)" : "running (" + p.holder() + ")",
                    p.unitsDone(), p.units(), Plural.count(p.solutions(), "solution"));
        };
    }

    /**
     * What a run whose units are all done still needs: a stopped part's catalog is written by resuming it (killed
     * while it wrote its catalog, a part's checkpoint holds every unit), a running one writes its own, and parts are
     * merged once all are written; a whole run needs no merge.
     */
    static String whatsLeft(List<RunStatus.PartState> parts) {
        boolean whole = parts.size() == 1 && parts.get(0).part().equals(dev.polycube.checkpoint.Part.ALL.spec());
        String merge = whole ? "" : ", then merge the parts";
        if (parts.stream().anyMatch(p -> p.state() == RunStatus.State.STOPPED)) {
            return ": resume the stopped part" + (whole ? " to write its catalog" : "s to write their catalogs" + merge);
        }
        if (parts.stream().anyMatch(p -> p.state() == RunStatus.State.RUNNING)) {
            return ": the running part" + (whole ? " is writing its catalog" : "s write their catalogs as they end" + merge);
        }
        return whole ? "" : ": merge the parts";
    }

    private static String eta(RunStatus.Summary r, Instant now) {
        if (r.unitsDone() >= r.units()) {
            return "; all units done" + whatsLeft(r.parts());
        }
        if (r.started() == null || r.unitsDone() == 0) {
            return "";
        }
        // the time the run has spent running: its checkpointed parts', the longest (parts run side by side), not
        // the hours since it started, which count a stopped run's rest as work; the rate is the parts' rates
        // together (units each has done over the time it ran), so finished parts, whose time is not kept, do not
        // make it look faster than it goes
        boolean running = false;
        boolean known = true;
        long ranMillis = 0;
        double unitsPerSecond = 0;
        for (RunStatus.PartState p : r.parts()) {
            if (p.state() == RunStatus.State.FINISHED) {
                continue;
            }
            running |= p.state() == RunStatus.State.RUNNING;
            known &= p.ranMillis() >= 0;
            if (p.ranMillis() >= 0) {
                long ran = p.ranBy(now).toMillis();
                ranMillis = Math.max(ranMillis, ran);
                unitsPerSecond += ran > 0 ? p.unitsDone() / (ran / 1000.0) : 0;
            }
        }
        double elapsed;
        if (known && ranMillis > 0 && unitsPerSecond > 0) {
            elapsed = ranMillis / 1000.0;
        } else if (!running) {
            return ""; // stopped, by a polycube that did not record its running time: no rate to go by
        } else if (r.started().isAfter(now)) {
            return "; started " + r.started() + ", after this machine's clock (" + now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                    + "): no estimate";
        } else {
            try {
                elapsed = Duration.between(r.started(), now).toMillis() / 1000.0;
            } catch (ArithmeticException tooLongAgo) {
                return "; started " + r.started() + ": no estimate";
            }
            unitsPerSecond = r.unitsDone() / elapsed; // the whole run's, since it started
        }
        String left = Format.seconds((r.units() - r.unitsDone()) / unitsPerSecond);
        return running ? String.format("; running %s, about %s left at this rate", Format.seconds(elapsed), left)
                : String.format("; stopped after running %s, about %s more at that rate", Format.seconds(elapsed), left);
    }
}
