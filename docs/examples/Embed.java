// Uses polycube from Java with only the core jar on the class path (docs/embedding.md). From the project
// directory, after `mvn -B package`:
//
//     java -cp target/polycube-core.jar docs/examples/Embed.java
//
// CI runs exactly this (EmbeddingIT) and checks what it prints.

import dev.polycube.catalog.CatalogDiff;
import dev.polycube.catalog.CatalogFile;
import dev.polycube.catalog.CatalogScan;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.StopReason;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleParser;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.run.RunListener;
import dev.polycube.run.RunOutcome;
import dev.polycube.run.RunRequest;
import dev.polycube.run.Runs;
import dev.polycube.solve.Solver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

public class Embed {

    public static void main(String[] args) throws Exception {
        // 1. A puzzle of your own, from text (docs/puzzle-format.md): the 12 pentominoes in a 6x10 box would
        //    take a while; 4 L-trominoes in a 3x4 rectangle take no time.
        Puzzle mine = PuzzleParser.parse("""
                name l-trominoes
                box 4 3 1
                piece L 4 (0,0,0) (1,0,0) (0,1,0)
                """, "Embed.java", "l-trominoes");
        Solver.Outcome every = Solver.solve(mine, Solver.Options.defaults().withSymmetry(SymmetryMode.FIXED));
        System.out.println("l-trominoes in 4x3, every packing: " + every.lines().size());

        // 2. A built-in, solved into a catalog file with a listener (units done) and the default rule (rotations);
        // 3. then the catalog verified and compared with Lepage's published list (another layout and labels).
        Puzzle soma = BuiltInPuzzles.load("soma");
        AtomicInteger units = new AtomicInteger();
        RunListener listener = new RunListener() {
            @Override
            public SearchMonitor progress(LongSupplier solutions, int alreadyDone) {
                return new SearchMonitor() {
                    @Override
                    public void onUnitDone(int unit, long nodes) {
                        units.incrementAndGet();
                    }
                };
            }
        };
        Path dir = Files.createTempDirectory("embed");
        Path catalog = dir.resolve("soma.txt");
        try {
            RunOutcome solved = Runs.solve(RunRequest.of(soma, Solver.Options.defaults(), catalog), listener,
                    new SearchControl());
            RunOutcome.Finished f = (RunOutcome.Finished) solved;
            System.out.println("soma: " + f.solutions() + " solutions in " + units.get() + " work units, published count "
                    + (f.verdict().matches() ? "matches" : "DIFFERS"));
            try (CatalogFile file = CatalogFile.open(catalog, null, null);
                 CatalogScan ours = file.scan(SymmetryMode.ROTATIONS, entries -> { })) {
                CatalogScan.Verification v = ours.verify();
                System.out.println("verify: " + v.valid() + " distinct valid of " + v.entries() + (v.ok() ? ", valid" : ", PROBLEMS"));
                Path lepage = Path.of("catalogs/published/lepage-soma-cube-480.txt");
                if (Files.exists(lepage)) {
                    try (CatalogFile his = CatalogFile.open(lepage, null, soma);
                         CatalogScan theirs = his.scan(SymmetryMode.ROTATIONS, entries -> { })) {
                        CatalogDiff d = CatalogDiff.of(ours, theirs);
                        System.out.println("diff with Lepage: common " + d.common() + ", only ours " + d.onlyA()
                                + ", only his " + d.onlyB());
                    }
                }
            }
        } finally {
            Files.deleteIfExists(catalog); // a finished run leaves only its catalog behind
            Files.deleteIfExists(dir);
        }

        // 4. A count: Bedlam's, stopped by its caller after 20 work units (as Ctrl-C stops the command line).
        SearchControl control = new SearchControl();
        RunListener stopper = new RunListener() {
            @Override
            public SearchMonitor progress(LongSupplier solutions, int alreadyDone) {
                AtomicInteger done = new AtomicInteger();
                return new SearchMonitor() {
                    @Override
                    public void onUnitDone(int unit, long nodes) {
                        if (done.incrementAndGet() == 20) {
                            control.stop(StopReason.INTERRUPTED);
                        }
                    }
                };
            }
        };
        RunOutcome stopped = Runs.solve(RunRequest.count(BuiltInPuzzles.load("bedlam"), Solver.Options.defaults()),
                stopper, control);
        System.out.println("bedlam stopped: " + (stopped instanceof RunOutcome.Stopped s
                ? "yes, " + s.unitsDone() + " of " + s.unitsInPart() + " units done" : "no"));
    }
}
