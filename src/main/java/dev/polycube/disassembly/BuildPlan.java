package dev.polycube.disassembly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How to build an assembly with real pieces: its disassembly ({@link Separation}) played backwards.
 *
 * <p>A part that came apart into the group that stayed and the group that left is built as: the group that
 * stayed (one piece is simply put down; more pieces are built by the same rule), then the group that left,
 * built <em>aside</em> when it has more than one piece, then the part's moves in reverse, last first: the
 * group that left comes in from outside, then each slide is undone. Glued pieces come as one. The steps are
 * therefore the separations in post-order, and every move is one the disassembly proved possible.
 *
 * <p>Positions are offsets from the assembled place of each piece. A group built aside waits outside, on the
 * side it will come in from, far enough not to meet anything: {@link #asideDistance} cells per level of
 * nesting, so that groups built aside inside groups built aside land on either side of the rest.
 *
 * @param steps     in build order
 * @param pieces    the assembly's piece count (pieces are numbered as in {@link Disassembler.Assembly})
 * @param positions for each step, every piece's offset {x, y, z} after it ({@code positions[k][piece]})
 */
public record BuildPlan(List<Step> steps, int pieces, int[][][] positions) {

    /** What a step does. */
    public enum Kind {
        /** A piece, or a glued group, is put down to start a part. */
        PLACE,
        /** A group comes in from outside, moving in {@code direction}. */
        ENTER,
        /** A group slides {@code amount} units in {@code direction}. */
        SLIDE
    }

    /**
     * One step.
     *
     * @param kind      what happens
     * @param moving    the pieces that are put down or move
     * @param direction 0..5 (+x, -x, +y, -y, +z, -z), the way they move; -1 for {@link Kind#PLACE}
     * @param amount    units slid ({@link Kind#SLIDE}); for {@link Kind#ENTER} the distance from where the group
     *                  waited; 0 for {@link Kind#PLACE}
     * @param part      the pieces of the part being built: the ones a picture of this step shows
     * @param depth     0 for the assembly itself, 1 for a group built aside, 2 for one built aside within it, ...
     * @param asideFrom for {@link Kind#ENTER} of a group built aside, the index of its first step; else -1
     */
    public record Step(Kind kind, int[] moving, int direction, int amount, int[] part, int depth, int asideFrom) {

        /** True when piece {@code p} is put down or moves in this step. */
        public boolean moves(int p) {
            return contains(moving, p);
        }

        /** True when piece {@code p} belongs to the part this step builds. */
        public boolean builds(int p) {
            return contains(part, p);
        }

        /** The unit vector of {@code direction}, zero for a placement. */
        public int[] unit() {
            if (direction < 0) {
                return new int[3];
            }
            int[] u = new int[3];
            u[direction >> 1] = (direction & 1) == 0 ? 1 : -1;
            return u;
        }
    }

    /** Direction names as the pictures and texts write them, by direction number. */
    public static final List<String> DIRECTIONS = List.of("+x", "-x", "+y", "-y", "+z", "-z");

    /**
     * The plan for {@code separation}, the disassembly of {@code assembly}; null when there is none (the
     * assembly cannot be taken apart, or has one piece).
     */
    public static BuildPlan of(Separation separation, Disassembler.Assembly assembly) {
        if (separation == null) {
            return null;
        }
        List<Step> steps = new ArrayList<>();
        build(separation, 0, asideDistance(assembly), steps);
        int n = assembly.pieces();
        int[][][] positions = new int[steps.size()][][];
        int[][] at = new int[n][3];
        for (int k = steps.size() - 1; k >= 0; k--) {
            positions[k] = deepCopy(at);
            Step s = steps.get(k);
            int[] u = s.unit();
            for (int p : s.moving()) {
                for (int a = 0; a < 3; a++) {
                    at[p][a] -= u[a] * s.amount();
                }
            }
        }
        return new BuildPlan(List.copyOf(steps), n, positions);
    }

    /**
     * The cells a group built aside waits from its place, per level of nesting: the assembly's largest extent
     * and two more, so that it clears the part it goes into with a gap.
     */
    static int asideDistance(Disassembler.Assembly assembly) {
        int[] lo = {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE};
        int[] hi = {Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE};
        for (int[] cells : assembly.cells()) {
            for (int i = 0; i < cells.length; i += 3) {
                for (int a = 0; a < 3; a++) {
                    lo[a] = Math.min(lo[a], cells[i + a]);
                    hi[a] = Math.max(hi[a], cells[i + a]);
                }
            }
        }
        return Math.max(hi[0] - lo[0], Math.max(hi[1] - lo[1], hi[2] - lo[2])) + 3;
    }

    private static void build(Separation s, int depth, int aside, List<Step> steps) {
        List<Separation.Move> moves = s.moves();
        Separation.Move away = moves.get(moves.size() - 1);
        int[] leaving = away.pieces();
        int[] staying = Arrays.stream(s.pieces()).filter(p -> Arrays.stream(leaving).noneMatch(q -> q == p)).toArray();
        if (s.left() == null) {
            steps.add(new Step(Kind.PLACE, staying, -1, 0, s.pieces(), depth, -1));
        } else {
            build(s.left(), depth, aside, steps);
        }
        int asideFrom = -1;
        if (s.removed() != null) {
            asideFrom = steps.size();
            build(s.removed(), depth + 1, aside, steps);
        }
        int in = away.direction() ^ 1; // the way out, reversed
        steps.add(new Step(Kind.ENTER, leaving, in, aside * (depth + 1), s.pieces(), depth, asideFrom));
        for (int m = moves.size() - 2; m >= 0; m--) {
            Separation.Move move = moves.get(m);
            steps.add(new Step(Kind.SLIDE, move.pieces(), move.direction() ^ 1, move.amount(), s.pieces(), depth, -1));
        }
    }

    /** The step that first shows piece {@code p} (it is put down, comes in, or is built aside there). */
    public int firstStep(int p) {
        for (int k = 0; k < steps.size(); k++) {
            Step s = steps.get(k);
            if (s.kind() != Kind.SLIDE && s.moves(p)) {
                return k;
            }
        }
        throw new IllegalArgumentException("piece " + p + " is not in the plan");
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }

    private static int[][] deepCopy(int[][] a) {
        int[][] out = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i].clone();
        }
        return out;
    }
}
