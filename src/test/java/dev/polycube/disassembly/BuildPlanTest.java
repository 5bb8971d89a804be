package dev.polycube.disassembly;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.polycube.TestPuzzles;
import dev.polycube.catalog.Packing;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Build plans: hand-made assemblies with the steps worked out in the comments, and an oracle over real puzzles. */
class BuildPlanTest {

    private static int[] block(int x0, int x1, int y0, int y1, int z0, int z1, int[]... holes) {
        return DisassemblerTest.block(x0, x1, y0, y1, z0, z1, holes);
    }

    private static List<BuildPlan.Kind> kinds(BuildPlan plan) {
        return plan.steps().stream().map(BuildPlan.Step::kind).toList();
    }

    /**
     * The cube in the L-shaped tunnel (DisassemblerTest): taken apart by a slide of one and a move out, so it is
     * built by putting one part down, bringing the other in, and undoing the slide: three steps, the last a
     * slide of one unit the opposite way to the disassembly's first move.
     */
    @Test
    void aSlideIsUndoneAfterThePieceComesIn() {
        int[] cube = {0, 0, 0};
        int[] block = block(-1, 2, -1, 1, -1, 1, new int[] {0, 0, 0, 1, 0, 0, 1, 0, 1});
        Disassembler.Assembly a = Disassembler.Assembly.of(new int[][] {block, cube});
        Separation s = Disassembler.analyse(a);
        BuildPlan plan = BuildPlan.of(s, a);
        assertEquals(List.of(BuildPlan.Kind.PLACE, BuildPlan.Kind.ENTER, BuildPlan.Kind.SLIDE), kinds(plan));
        BuildPlan.Step slide = plan.steps().get(2);
        assertEquals(1, slide.amount());
        assertEquals(s.moves().get(0).direction() ^ 1, slide.direction(), "the first move, reversed");
        BuildPlanOracle.check(a, plan);
    }

    /**
     * The tube holding the hooked pair A, B (DisassemblerTest): the pair leaves together, then comes apart
     * outside. Built: the tube is put down; A and B are joined aside (one put down, the other brought to it);
     * then the pair goes into the tube moving -x, the group built aside from step 1.
     */
    @Test
    void aGroupIsBuiltAsideThenGoesIn() {
        int[] a = {0, 0, 0, 1, 0, 0, 1, 0, 1};
        int[] b = {0, 0, 1, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 1, 0, 2, 0, 0};
        int[] tube = block(-1, 3, -1, 2, -1, 2, block(0, 2, 0, 1, 0, 1), block(3, 3, 0, 1, 0, 1));
        Disassembler.Assembly asm = new Disassembler.Assembly(new int[][] {tube, a, b}, new int[] {2, 1, 1}, new int[3]);
        BuildPlan plan = BuildPlan.of(Disassembler.analyse(asm), asm);
        assertEquals(List.of(BuildPlan.Kind.PLACE, BuildPlan.Kind.PLACE, BuildPlan.Kind.ENTER, BuildPlan.Kind.ENTER), kinds(plan));
        assertArrayEquals(new int[] {0}, plan.steps().get(0).moving(), "the tube first");
        assertEquals(1, plan.steps().get(1).depth(), "A and B are joined aside");
        BuildPlan.Step in = plan.steps().get(3);
        assertArrayEquals(new int[] {1, 2}, in.moving());
        assertEquals("-x", BuildPlan.DIRECTIONS.get(in.direction()));
        assertEquals(1, in.asideFrom());
        assertEquals(0, in.depth());
        BuildPlanOracle.check(asm, plan);
    }

    /** A glued pair is put down as one piece: two steps for three pieces. */
    @Test
    void gluedPiecesArePutDownTogether() {
        int[] a = block(0, 2, 0, 2, 0, 0, new int[] {1, 1, 0});
        int[] b = block(1, 3, 1, 1, -1, 1, new int[] {2, 1, 0});
        int[] c = {5, 5, 5};
        Disassembler.Assembly asm = new Disassembler.Assembly(new int[][] {a, b, c}, new int[] {1, 1, 1}, new int[] {1, 1, 0});
        BuildPlan plan = BuildPlan.of(Disassembler.analyse(asm), asm);
        assertEquals(2, plan.steps().size());
        BuildPlanOracle.check(asm, plan);
    }

    @Test
    void noPlanWithoutADisassembly() {
        assertNull(BuildPlan.of(null, Disassembler.Assembly.of(new int[][] {{0, 0, 0}, {1, 0, 0}})));
    }

    /** Every Soma class (BurrTools' 240) is built by moves the oracle replays without a collision. */
    @Test
    void everySomaPlanIsPlayable() {
        Puzzle soma = TestPuzzles.builtIn("soma");
        for (String line : TestPuzzles.solve(soma, SymmetryMode.BURRTOOLS, 2).lines()) {
            Disassembly d = Disassembly.of(soma, Packing.fromLine(soma, line), () -> false);
            BuildPlanOracle.check(d.assembly().assembly(), d.buildPlan());
        }
    }
}
