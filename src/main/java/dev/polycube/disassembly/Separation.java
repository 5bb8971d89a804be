package dev.polycube.disassembly;

import java.util.List;

/**
 * How one part of an assembly comes apart into two: the moves up to and including the one that takes a
 * group away for good, then each of the two groups analysed on its own (null for a single piece).
 *
 * @param pieces  the pieces of this part (numbers of the whole assembly)
 * @param moves   the moves, in order; the last one removes {@code removed}'s pieces
 * @param removed the group that left, or null when it is one piece
 * @param left    the group that stayed, or null when it is one piece
 */
public record Separation(int[] pieces, List<Move> moves, Separation removed, Separation left) {

    /**
     * One move: {@code pieces} slide {@code amount} units in {@code direction} (0..5: +x, -x, +y, -y, +z, -z),
     * or leave for good ({@code amount} {@link #AWAY}).
     */
    public record Move(int[] pieces, int direction, int amount) {

        public static final int AWAY = -1;

        public boolean removes() {
            return amount == AWAY;
        }

        /** The unit vector of {@code direction}. */
        public int[] unit() {
            int s = (direction & 1) == 0 ? 1 : -1;
            int axis = direction >> 1;
            return new int[] {axis == 0 ? s : 0, axis == 1 ? s : 0, axis == 2 ? s : 0};
        }
    }

    public Separation {
        moves = List.copyOf(moves);
    }

    /** True when this part or one below it needs more than one move to separate (BurrTools prints only those). */
    boolean multiMove() {
        return moves.size() > 1 || (left != null && left.multiMove()) || (removed != null && removed.multiMove());
    }

    /**
     * The level as BurrTools writes it: this separation's move count, then the part that stayed, then the
     * part that left, each only when it takes more than single moves ("98.2.4.2").
     */
    public String level() {
        StringBuilder b = new StringBuilder();
        level(b);
        return b.toString();
    }

    private void level(StringBuilder b) {
        b.append(moves.size());
        if (left != null && left.multiMove()) {
            b.append('.');
            left.level(b);
        }
        if (removed != null && removed.multiMove()) {
            b.append('.');
            removed.level(b);
        }
    }
}
