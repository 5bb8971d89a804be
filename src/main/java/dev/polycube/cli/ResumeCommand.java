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
