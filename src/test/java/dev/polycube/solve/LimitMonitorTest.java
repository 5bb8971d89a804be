package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.StopReason;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --limit N} decides whether it cut the catalog from the plan alone, whatever order the workers finished the
 * units in. The units here are finished by hand, last first: the order of a run whose other worker was held up on
 * the first unit while this one finished the rest (soma's one solution was once called the whole catalog that way).
 * Dominoes and I-trominoes tile a 1 x n bar in as many ways as n has compositions into 2s and 3s (Padovan's numbers,
 * OEIS A000931(n + 3): 3 for 7 cells, 12 for 12).
 */
class LimitMonitorTest {

    @ParameterizedTest(name = "bar of {0}, units done {2}")
    @CsvSource({"7, 3, last first", "7, 3, in order", "12, 12, last first", "12, 12, in order"})
    void aLimitBelowTheCountCutsTheCatalogInAnyOrderOfUnits(int n, long padovan, String order) {
        Puzzle bar = TestPuzzles.parse("name bar\nbox " + n + " 1 1\npiece D 0.." + n / 2 + " (0,0,0) (1,0,0)\n"
                + "piece I 0.." + n / 3 + " (0,0,0) (1,0,0) (2,0,0)\n");
        Solver.Setup setup = Solver.prepare(bar, Solver.Options.defaults().withSymmetry(SymmetryMode.FIXED));
        WorkPlan plan = setup.enumerator().plan();
        assertTrue(plan.size() >= 2, "a race needs two units; the plan has " + plan.size());
        boolean lastFirst = order.equals("last first");
        for (long limit = 1; limit <= padovan + 1; limit++) {
            ClassCollector collector = new ClassCollector(bar, setup.group(), setup.searchGroup(), plan, false, false);
            for (int u = 0; u < plan.size(); u++) {
                int unit = u;
                setup.enumerator().run(1, x -> x == unit, collector, SearchMonitor.NONE, new SearchControl());
            }
            SearchControl control = new SearchControl();
            LimitMonitor monitor = new LimitMonitor(collector, plan.size(), limit, control, x -> true, List.of(),
                    UnitSink.NONE, n);
            for (int i = 0; i < plan.size(); i++) {
                monitor.onUnitDone(lastFirst ? plan.size() - 1 - i : i, 0);
            }
            String at = "limit " + limit;
            assertEquals(Math.min(limit, padovan), monitor.kept().countUnique(), at);
            if (limit < padovan) {
                assertTrue(monitor.cut(), at + ": classes were left out");
                assertEquals(StopReason.LIMIT_REACHED, control.stopReason(), at);
            } else if (limit > padovan) {
                assertTrue(!monitor.cut() && !control.isStopped(), at + ": every class was kept");
            }
        }
    }
}
