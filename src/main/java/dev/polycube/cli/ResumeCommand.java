package dev.polycube.cli;

import dev.polycube.solve.Solver;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "resume", mixinStandardHelpOptions = true, header = "Continue a stopped or crashed run from its checkpoint.",
        description = {"Continues a stopped or crashed run from its checkpoint. Finished work units are not redone;",
            "the final catalog is byte-identical to an uninterrupted run's. The checkpoint holds the puzzle, the",
            "symmetry, the shard, the limit, the published counts and the output file, so nothing else is needed.",
            "A truncated, corrupt or foreign checkpoint is refused (exit 2) and left untouched; so is one that",
            "another run is using (it is locked for the run's life).",
            "",
            "Example:  polycube resume catalogs/bedlam.ckpt"})
final class ResumeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "CHECKPOINT", description = "the .ckpt file a solve run left")
    private Path file;

    @Option(names = {"-t", "--threads"}, paramLabel = "N", description = "worker threads (default: all cores, ${DEFAULT-VALUE})")
    private int threads = Solver.Options.defaultThreads();

    @Option(names = "--checkpoint-every", paramLabel = "TIME", defaultValue = "30s",
            description = "how often the checkpoint snapshot is rewritten (default: ${DEFAULT-VALUE})")
    private String checkpointEvery;

    @Option(names = "--stats", description = "print search statistics at the end")
    private boolean stats;

    @Option(names = {"-q", "--quiet"}, description = "no progress on stderr")
    private boolean quiet;

    @Override
    public Integer call() throws IOException {
        return RunDriver.resume(spec.commandLine().getOut(), file, threads,
                Durations.parsePositive("--checkpoint-every", checkpointEvery), quiet, stats);
    }
}
