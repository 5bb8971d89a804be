package dev.polycube.disassembly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.catalog.Packing;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.solve.Solver;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * BurrTools' examples taken apart as {@code burrTxt -d} takes them apart: assemblies (the classes under
 * BurrTools' rule), solutions (those that come apart) and the levels it prints, all copied from its output
 * (src/test/resources/burrtools/SOURCES.md, "What burrTxt -d prints").
 */
class DisassemblyIT {

    private static final Path DIR = Path.of("src/test/resources/burrtools");

    @ParameterizedTest(name = "{0}: {1} assemblies, {2} solutions, levels {3}")
    @CsvSource(delimiter = ';', value = {
        "Soma.xmpuzzle;                   240; 240; 1=240",
        "DraculasDentalDesaster.xmpuzzle;  84;   1; 3.5.16.6.4=1",
        "AlPackino.xmpuzzle;                1;   1; 1.1.1.1.1.2.1.3.1.2.1.2=1",
        "DemoMirrorParadox.xmpuzzle;        1;   1; 1=1",
        "SolidSixPieceBurrs.xmpuzzle;     588; 179; 1=148 1.2=31",
        "CubeInCage.xmpuzzle;              96;   1; 4.9.3=1",
        "LippedFrame.xmpuzzle;            674; 478; 1=146 1.1.1.1.1.2=320 1.1.1.1.2=4 1.1.1.1.2.2=8",
        "SymmetricLippedFrame.xmpuzzle;   860;  50; 1=28 1.1.1.1.1.2=16 1.1.1.2.1.2=4 1.1.1.1.2.2=2",
        "LippedFrameInnerBreaker.xmpuzzle; 216; 48; 1.1.1.1.1.2=24 1.1.1.1.2.2=12 1.1.1.2.2.2=12",
        "SymmetricBreakerFrame.xmpuzzle; 7068; 5112; 1.1.1.1.1.1.2=2688 1.1.1.1.1.2=1764 1.1.1.1.1.2.2=432 1.1.1.1.2=120 "
            + "1.1.1.1.2.1.2=60 1.1.1.1.2.2=24 1.1.1.1.2.2.2=24",
        "CopiesInLippedFrame.xmpuzzle; 100; 99; 1.1.1.1.1.1.1.1.2=36 1.1.1.1.1.1.1.2.2=32 1.1.1.1.1.1.1.2=12 "
            + "1.1.1.1.1.1.2.2=9 1.1.1.1.1.1.2.1.2=5 1.1.1.1.1.2.2=2 1.1.1.1.1.2.1.2=2 1.1.1.1.1.2.1.1.2=1"})
    void asBurrTxtTakesThemApart(String file, int assemblies, int solutions, String levels) {
        Puzzle p = BuiltInPuzzles.loadFile(DIR.resolve(file));
        Solver.Outcome o = TestPuzzles.solve(p, SymmetryMode.BURRTOOLS, 2);
        assertEquals(assemblies, o.lines().size());
        Map<String, Integer> found = new TreeMap<>();
        int apart = 0;
        for (String line : o.lines()) {
            Disassembly d = Disassembly.of(p, Packing.fromLine(p, line), () -> false);
            if (d.separation() != null) {
                apart++;
                found.merge(d.level(), 1, Integer::sum);
                BuildPlanOracle.check(d.assembly().assembly(), d.buildPlan());
            }
        }
        assertEquals(solutions, apart, file + ": assemblies that come apart");
        Map<String, Integer> want = new TreeMap<>();
        for (String kv : levels.split(" ")) {
            want.put(kv.split("=")[0], Integer.parseInt(kv.split("=")[1]));
        }
        assertEquals(want, found, file + ": levels");
    }

    /**
     * PelikanBurr: 12 assemblies, 1 comes apart, at BurrTools' level 98.2.4.2 (SOURCES.md). Which of the parts the
     * 98-move search frees first depends on the frame the assembly is drawn in: 12 of its 48 frames give BurrTools'
     * string, the others 98.2.4. It is analysed in the frame BurrTools keeps, its symmetry breaker (the cage) as
     * drawn (docs/disassembly.md, "Frames"); before, in our canonical line's frame, it came out 98.2.4.
     */
    @org.junit.jupiter.api.Test
    void pelikanBurrNeedsNinetyEightMoves() {
        Puzzle p = BuiltInPuzzles.loadFile(DIR.resolve("PelikanBurr.xmpuzzle"));
        Solver.Outcome o = TestPuzzles.solve(p, SymmetryMode.BURRTOOLS, 2);
        assertEquals(12, o.lines().size());
        int apart = 0;
        for (String line : o.lines()) {
            Disassembly d = Disassembly.of(p, Packing.fromLine(p, line), () -> false);
            if (d.separation() != null) {
                apart++;
                assertEquals("98.2.4.2", d.level());
                BuildPlanOracle.check(d.assembly().assembly(), d.buildPlan());
            }
        }
        assertEquals(1, apart);
    }
}
