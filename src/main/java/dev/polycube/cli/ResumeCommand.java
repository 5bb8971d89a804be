package dev.polycube.cli;

import dev.polycube.run.Runs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "resume", mixinStandardHelpOptions = true, header = "Continue a stopped or crashed run from its checkpoint.",
        description = {"Continues a stopped or crashed run from its checkpoint. Finished work units are not redone;",
            "the final catalog is byte-identical to an uninterrupted run's. The checkpoint holds the puzzle, the",
            "symmetry, the shard, the limit, the published counts and the output file, so nothing else is needed.",
            "A truncated, corrupt or foreign checkpoint is refused (exit 2) and left untouched; so is one that",
            "another run is using (it is locked for the run's life).",
            "",
            "Examples:  polycube resume catalogs/bedlam.ckpt",
            "           polycube resume catalogs/bedlam.ckpt -o /other/disk/bedlam.txt"})
final class ResumeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "CHECKPOINT", description = "the .ckpt file a solve run left")
    private Path file;

    @CommandLine.Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the catalog (or a part's count "
            + "file) to FILE instead of where the run was started to write it (its disk full, say); the checkpoint then names FILE")
    private Path output;

    @CommandLine.Mixin
    private RunOptions run;

    /**
     * For {@code polycube resume} without a checkpoint: the ones in the places runs keep them by default (catalogs/, and
     * the current directory {@code here}), by name only (reading one of millions of classes takes seconds), else where
     * they are kept.
     */
    static String checkpointsNearby(Path here) {
        java.util.List<String> found = new java.util.ArrayList<>();
        for (Path dir : java.util.List.of(Path.of("catalogs"), Path.of(""))) {
            Path at = here.resolve(dir);
            try {
                for (Path f : dev.polycube.files.PathInfo.isDirectory(at) ? dev.polycube.files.PathInfo.list(at) : java.util.List.<Path>of()) {
                    String name = f.getFileName().toString();
                    if (dev.polycube.run.RunStatus.isCheckpointName(name) && dev.polycube.files.PathInfo.isRegularFile(f)) {
                        found.add(dir.resolve(name).toString());
                    }
                }
            } catch (dev.polycube.error.FileAccessException unreadable) {
                // a hint only: a directory that cannot be listed has nothing to name
            }
        }
        found.sort(null);
        if (found.isEmpty()) {
            return "No checkpoint (*.ckpt) in catalogs/ or here: a run keeps one beside its catalog (catalogs/NAME.ckpt, "
                    + "or solve's --checkpoint FILE) until it finishes.";
        }
        int shown = Math.min(found.size(), 5);
        return "Checkpoints here: " + String.join(", ", found.subList(0, shown))
                + (found.size() > shown ? " and " + (found.size() - shown) + " more" : "")
                + " (polycube status " + (found.get(0).startsWith("catalogs") ? "catalogs" : ".") + " tells how far each got).";
    }

    @Override
    public Integer call() throws IOException {
        Duration every = run.checkpointEvery();
        if (output != null) {
            dev.polycube.files.PathInfo.requireOutput("-o", output, java.util.List.of(file));
        }
        return run.execute(spec.commandLine().getOut(),
                (listener, control) -> Runs.resume(file, run.threads, every, output, listener, control));
    }
}
