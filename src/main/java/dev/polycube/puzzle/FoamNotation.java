package dev.polycube.puzzle;

import dev.polycube.geometry.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * A foam ("Happy Cube") piece as its edge string, the notation of "Solving Foam Cubes": a flat 5x5 piece
 * whose 3x3 middle is always solid, written as 16 digits, one per cell of its rim, clockwise from the top-left
 * corner: the top row left to right (5), the right column downwards (4 more: its top corner was the top row's
 * last), the bottom row right to left (4), the left column upwards (3: both its corners are counted already).
 * 1 is a cell, 0 a gap. The piece lies in the x-y plane with its top row at y = 4, so
 * {@code piece B1 1 foam 0010001000100010} is the blue set's cross-shaped B1 (one bump in the middle of each side).
 */
public final class FoamNotation {

    /** Rim positions (x, y) in notation order. */
    private static final int[][] RIM = rim();

    private FoamNotation() {
    }

    private static int[][] rim() {
        List<int[]> out = new ArrayList<>();
        for (int x = 0; x <= 4; x++) {
            out.add(new int[] {x, 4}); // top row, left to right
        }
        for (int y = 3; y >= 0; y--) {
            out.add(new int[] {4, y}); // right column, downwards
        }
        for (int x = 3; x >= 0; x--) {
            out.add(new int[] {x, 0}); // bottom row, right to left
        }
        for (int y = 1; y <= 3; y++) {
            out.add(new int[] {0, y}); // left column, upwards
        }
        return out.toArray(new int[0][]);
    }

    /** The cells of the piece {@code bits} describes; a message naming what is wrong when it is not 16 binary digits. */
    public static List<Point> cells(String bits) {
        if (bits.length() != RIM.length || !bits.matches("[01]+")) {
            throw new IllegalArgumentException("a foam edge string is 16 digits 0 or 1 (5 for the top row, then 4, 4, 3 "
                    + "clockwise, corners shared), got '" + bits + "' (" + bits.length() + " characters)");
        }
        List<Point> out = new ArrayList<>();
        for (int y = 1; y <= 3; y++) {
            for (int x = 1; x <= 3; x++) {
                out.add(new Point(x, y, 0));
            }
        }
        for (int i = 0; i < RIM.length; i++) {
            if (bits.charAt(i) == '1') {
                out.add(new Point(RIM[i][0], RIM[i][1], 0));
            }
        }
        return out;
    }
}
