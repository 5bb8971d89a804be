package dev.polycube.disassembly;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The moves possible from one state, found by Bill Cutler's movement analysis as BurrTools does it
 * (its {@code movementAnalysator_c}), in BurrTools' order, because the first separation a breadth-first
 * search meets decides how the rest of the puzzle is split and so the level string.
 *
 * <p>For each axis d a matrix {@code m[d][y*n + x]} says how far piece x can slide in +d while piece y stays;
 * a min-plus closure then bounds it through third pieces (x may not slide further relative to y than
 * relative to k plus k relative to y). To move piece p by s units, every piece whose bound towards a moving
 * piece is below s must move along; the move is kept when at most {@code limit} pieces move (one, then half
 * the part: a bigger group moving one way is its complement moving the other way). The order: first one
 * piece that leaves for good, then a group that leaves, then moves of 1, 2, ... units of each piece in each
 * direction (+x, -x, +y, -y, +z, -z), each combined with the moves found before it in the same direction
 * and by the same amount (so independent pieces may move together).
 */
final class Moves {

    /** "Free": no piece of the other is in the way. Above {@link Node#REMOVED}, so a free piece can leave. */
    static final int FREE = 32_000;

    private final Disassembler.Shapes shapes;
    private final int[] part;
    private final int n;
    /** Per axis, the bounds of the part's pieces ({@code n * n} used): the analysis's own arrays, reused (see the constructor). */
    private final int[][] matrix;
    private final int[] movement;
    /** Pieces whose followers {@link #check} has still to look at. */
    private final boolean[] pending;
    private final Node at;

    private int state;
    private int nextDir;
    private int nextPiece;
    private int nextStep = 1;
    /** Moves found in the current direction, newest last (merges scan them newest first, as BurrTools does). */
    private final List<Node> found = new ArrayList<>();
    private final Set<Node> foundSet = new HashSet<>();
    private Node mergeWith;
    private int mergeScan;

    /**
     * @param matrices three arrays of at least {@code part.length}² entries, overwritten: the analysis has one Moves at
     *                 a time and hands each the same arrays (a fresh 3 n² ints per state made 32 dominoes' analysis
     *                 write 370 kB of new memory per assembly)
     */
    Moves(Disassembler.Shapes shapes, int[] part, Node at, int[][] matrices) {
        this.shapes = shapes;
        this.part = part;
        this.n = part.length;
        this.at = at;
        this.movement = new int[n];
        this.pending = new boolean[n];
        this.matrix = matrices;
        fill();
    }

    /**
     * The closure is needed from the group moves on. A single piece can leave exactly when its raw bounds are
     * all free (the closure only lowers bounds, and a bound through a third piece is at least the free one it
     * adds), so the first state, which decides most nodes of a puzzle like Bedlam, goes without it.
     */
    private boolean closed;

    private void ensureClosed() {
        if (!closed) {
            closed = true;
            for (int d = 0; d < 3; d++) {
                close(matrix[d]);
            }
        }
    }

    private void fill() {
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 3; d++) {
                matrix[d][i * n + i] = 0; // a piece against itself: the closure reads it
            }
            for (int j = i + 1; j < n; j++) {
                int[] gaps = shapes.bounds(part[i], part[j], at.x(j) - at.x(i), at.y(j) - at.y(i), at.z(j) - at.z(i));
                for (int d = 0; d < 3; d++) {
                    matrix[d][j * n + i] = gaps[2 * d];     // i slides +d while j stays
                    matrix[d][i * n + j] = gaps[2 * d + 1]; // j slides +d while i stays
                }
            }
        }
    }

    /** BurrTools' closure pass, in its order and with its early "again" test, so the bounds come out the same. */
    private void close(int[] m) {
        boolean again;
        do {
            again = false;
            for (int y = 0; y < n; y++) {
                int row = y * n;
                for (int x = 0; x < n; x++) {
                    int min = m[x] + m[row];
                    for (int i = 1; i < n; i++) {
                        int l = m[i * n + x] + m[row + i];
                        if (l < min) {
                            min = l;
                        }
                    }
                    if (min < m[row + x]) {
                        m[row + x] = min;
                        if (!again) {
                            for (int i = 0; i < y; i++) {
                                if (min + m[i * n + y] < m[i * n + x]) {
                                    again = true;
                                    break;
                                }
                            }
                            if (!again) {
                                for (int i = 0; i < x; i++) {
                                    if (m[x * n + i] + min < m[row + i]) {
                                        again = true;
                                        break;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        } while (again);
    }

    /** Sets {@link #movement} for moving {@code piece} {@code step} units in {@code dir}; false if more than {@code limit} pieces would move. */
    private boolean check(int piece, int dir, int step, int limit) {
        int[] m = matrix[dir >> 1];
        boolean negative = (dir & 1) != 0;
        java.util.Arrays.fill(pending, false);
        java.util.Arrays.fill(movement, 0);
        movement[piece] = step;
        pending[piece] = true;
        int moved = 1;
        boolean finished;
        do {
            finished = true;
            for (int i = 0; i < n; i++) {
                if (!pending[i]) {
                    continue;
                }
                for (int j = 0; j < n; j++) {
                    if (i != j && movement[j] == 0) {
                        int bound = negative ? m[i * n + j] : m[j * n + i];
                        if (movement[i] > bound) {
                            if (++moved > limit) {
                                return false;
                            }
                            movement[j] = step;
                            pending[j] = true;
                            finished = false;
                        }
                    }
                }
                pending[i] = false;
            }
        } while (!finished);
        return true;
    }

    /** The state after the pieces in {@link #movement} move {@code amount} in {@code dir} (the heavier side stays). */
    private Node node(int dir, int amount) {
        int moveWeight = 0;
        int stillWeight = 0;
        for (int i = 0; i < n; i++) {
            int w = shapes.weight(part[i]);
            if (movement[i] != 0) {
                moveWeight = Math.max(moveWeight, w);
            } else {
                stillWeight = Math.max(stillWeight, w);
            }
        }
        if (stillWeight < moveWeight) {
            for (int i = 0; i < n; i++) {
                movement[i] = movement[i] != 0 ? 0 : amount;
            }
            dir ^= 1;
        }
        Node next = new Node(at, dir, amount);
        int sign = (dir & 1) != 0 ? -1 : 1;
        int axis = dir >> 1;
        int ux = axis == 0 ? sign : 0;
        int uy = axis == 1 ? sign : 0;
        int uz = axis == 2 ? sign : 0;
        for (int i = 0; i < n; i++) {
            if (movement[i] == 0) {
                next.move(i, 0, 0, 0);
            } else if (movement[i] == Node.REMOVED) {
                next.remove(i, ux, uy, uz);
            } else {
                int a = movement[i];
                next.move(i, ux * a, uy * a, uz * a);
            }
        }
        return next;
    }

    private boolean movedIn(Node m, int i, boolean invert) {
        boolean moved = m.x(i) != at.x(i) || m.y(i) != at.y(i) || m.z(i) != at.z(i);
        return moved ^ invert;
    }

    /** Both moves at once, when they go along the same line by the same amount and the result is new and partial. */
    private Node merge(Node a, Node b) {
        if (a.amount != b.amount) {
            return null;
        }
        boolean invertA = nextDir != a.dir;
        boolean invertB = nextDir != b.dir;
        boolean differsFromA = false;
        boolean differsFromB = false;
        int moved = 0;
        for (int i = 0; i < n; i++) {
            boolean ma = movedIn(a, i, invertA);
            boolean mb = movedIn(b, i, invertB);
            if (ma || mb) {
                movement[i] = a.amount;
                moved++;
            } else {
                movement[i] = 0;
            }
            differsFromA |= mb && !ma;
            differsFromB |= ma && !mb;
        }
        if (moved == 0 || moved == n || !differsFromA || !differsFromB) {
            return null;
        }
        return node(nextDir, a.amount);
    }

    private boolean remember(Node m) {
        if (!foundSet.add(m)) {
            return false;
        }
        found.add(m);
        return true;
    }

    /** The next move, or null when there are no more. */
    Node next() {
        while (true) {
            switch (state) {
                case 0, 1 -> {
                    if (state == 1) {
                        ensureClosed();
                    }
                    Node r = check(nextPiece, nextDir, Node.REMOVED, state == 0 ? 1 : n / 2) ? node(nextDir, Node.REMOVED) : null;
                    if (++nextPiece >= n) {
                        nextPiece = 0;
                        if (++nextDir >= 6) {
                            nextDir = 0;
                            state++;
                            found.clear();
                            foundSet.clear();
                        }
                    }
                    if (r != null) {
                        return r;
                    }
                }
                case 2 -> {
                    if (check(nextPiece, nextDir, nextStep, n / 2)) {
                        Node r = node(nextDir, nextStep);
                        nextStep++;
                        if (remember(r)) {
                            mergeWith = r;
                            mergeScan = found.size() - 1;
                            state = 3;
                            return r;
                        }
                    } else {
                        nextStep = 1;
                        if (++nextPiece >= n) {
                            nextPiece = 0;
                            found.clear();
                            foundSet.clear();
                            if (++nextDir >= 6) {
                                state = 4;
                            }
                        }
                    }
                }
                case 3 -> {
                    if (mergeScan < 0) {
                        state = 2;
                        continue;
                    }
                    // the scan covers the moves known when it began, newest first (the merged ones added
                    // during it come after them in the list, so an index going down never meets them)
                    Node other = found.get(mergeScan--);
                    Node r = merge(mergeWith, other);
                    if (r != null && remember(r)) {
                        return r;
                    }
                }
                default -> {
                    return null;
                }
            }
        }
    }
}
