package dev.polycube.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.catalog.Packing;
import dev.polycube.disassembly.BuildPlan;
import dev.polycube.disassembly.Disassembly;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The build plans the viewer page carries, read back as the page reads them. */
class HtmlViewerTest {

    /** The page's writer tells how far it is, two steps a solution (taken apart, coloured), to the end. */
    @Test
    void writingAPageTellsItsProgressToTheEnd(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        Puzzle dominoes = dev.polycube.puzzle.PuzzleParser.parse("name d\nbox 4 4 1\npiece D 8 (0,0,0) (1,0,0)\n", "test", "d");
        List<String> lines = TestPuzzles.solve(dominoes, SymmetryMode.FIXED, 2).lines();
        long[] last = {-1, -1};
        HtmlViewer.write(dir.resolve("d.html"), dominoes, SymmetryMode.FIXED, lines, 1, (done, total) -> {
            synchronized (last) {
                last[0] = Math.max(last[0], done);
                last[1] = total;
            }
        });
        assertEquals(2L * lines.size(), last[0]);
        assertEquals(2L * lines.size(), last[1]);
        assertTrue(lines.size() == 36, "36 domino tilings of the 4x4 square (Kasteleyn): " + lines.size());
    }

    @Test
    void eachSolutionsPlanReadsBackAsItsSteps() {
        Puzzle soma = TestPuzzles.builtIn("soma");
        List<String> lines = TestPuzzles.solve(soma, SymmetryMode.BURRTOOLS, 2).lines();
        HtmlViewer.Plans plans = HtmlViewer.Plans.of(soma, lines);
        assertEquals(lines, plans.lines(), "no container: the lines are shown as they are");
        for (int i = 0; i < lines.size(); i++) {
            Disassembly d = Disassembly.of(soma, Packing.fromLine(soma, lines.get(i)), () -> false);
            BuildPlan plan = d.buildPlan();
            String text = plans.texts().get(i);
            assertEquals(d.level(), text.substring(0, text.indexOf(' ')));
            String[] steps = text.substring(text.indexOf(' ') + 1).split("-");
            assertEquals(plan.steps().size(), steps.length);
            List<Character> seen = new ArrayList<>();
            for (int k = 0; k < steps.length; k++) {
                BuildPlan.Step s = plan.steps().get(k);
                String[] f = steps[k].split("\\.");
                assertEquals(s.kind().name().charAt(0), f[0].charAt(0));
                assertEquals(s.moving().length, f[0].length() - 1, steps[k]);
                assertEquals(Math.max(0, s.direction()), Integer.parseInt(f[1]));
                assertEquals(s.amount(), Integer.parseInt(f[2]));
                if (s.kind() != BuildPlan.Kind.SLIDE) {
                    f[0].substring(1).chars().forEach(c -> seen.add((char) c));
                }
            }
            assertEquals(7, seen.size(), "every Soma piece comes once: " + text);
            assertTrue(seen.stream().allMatch(c -> lines.get(0).indexOf(c) >= 0));
        }
    }

    /**
     * A class analysed turned (into BurrTools' frame) names in its plan the pieces that move there: each label a step
     * moves covers, in the line the page shows, exactly the cells of the piece the plan moves. The labels once came
     * from the order the turned line meets them rather than the copies' own, and the page moved the wrong pieces.
     */
    @Test
    void aTurnedClassMovesItsOwnPieces() {
        Puzzle frame = dev.polycube.puzzle.BuiltInPuzzles.loadFile(java.nio.file.Path.of("src/test/resources/burrtools/LippedFrame.xmpuzzle"));
        List<String> lines = TestPuzzles.solve(frame, SymmetryMode.BURRTOOLS, 2).lines();
        HtmlViewer.Plans plans = HtmlViewer.Plans.of(frame, lines);
        int turned = 0;
        for (int i = 0; i < lines.size(); i++) {
            Disassembly d = Disassembly.of(frame, Packing.fromLine(frame, lines.get(i)), () -> false);
            String shown = plans.lines().get(i);
            turned += shown.equals(lines.get(i)) ? 0 : 1;
            BuildPlan plan = d.buildPlan();
            if (plan == null) {
                continue;
            }
            int[] copyOf = d.assembly().copies();
            String[] steps = plans.texts().get(i).substring(plans.texts().get(i).indexOf(' ') + 1).split("-");
            for (int k = 0; k < steps.length; k++) {
                int[] moving = plan.steps().get(k).moving();
                String labels = steps[k].split("\\.")[0].substring(1);
                for (int m = 0; m < moving.length; m++) {
                    char label = labels.charAt(m);
                    for (int cell = 0; cell < shown.length(); cell++) {
                        assertEquals(d.packing().cellCopy()[cell] == copyOf[moving[m]], shown.charAt(cell) == label,
                                "solution " + (i + 1) + ", step " + (k + 1) + ", piece " + label + ", cell " + cell);
                    }
                }
            }
        }
        assertTrue(turned > 0, "some classes are analysed turned");
    }

    /** With a container the class may go in turned: the page shows the line turned, the same pieces. */
    @Test
    void aContainersTurnIsShown() {
        Puzzle box = TestPuzzles.parse("""
                name tube
                box 3 1 1
                container open +x
                piece A 1 (0,0,0)
                piece B 1 (0,0,0) (1,0,0)
                """);
        List<String> lines = TestPuzzles.solve(box, SymmetryMode.FIXED, 1).lines();
        HtmlViewer.Plans plans = HtmlViewer.Plans.of(box, lines);
        for (int i = 0; i < lines.size(); i++) {
            String shown = plans.lines().get(i);
            assertEquals(lines.get(i).chars().sorted().boxed().toList(), shown.chars().sorted().boxed().toList());
            assertTrue(plans.texts().get(i).contains("#"), "the container is put down: " + plans.texts().get(i));
        }
    }
}
