package dev.polycube.render;

/**
 * Stable colours: piece type i always gets colour i (Kelly's 22 colours of maximum contrast, minus white and
 * black, then repeated lighter), so every picture of one puzzle agrees. Faces are shaded from it.
 */
public final class Palette {

    private static final int[] BASE = {
        0xF3C300, 0x875692, 0xF38400, 0xA1CAF1, 0xBE0032, 0xC2B280, 0x848482, 0x008856, 0xE68FAC, 0x0067A5,
        0xF99379, 0x604E97, 0xF6A600, 0xB3446C, 0xDCD300, 0x882D17, 0x8DB600, 0x654522, 0xE25822, 0x2B3D26};

    private Palette() {
    }

    /** The colour of piece type {@code piece} (copy {@code copy} of it slightly lighter or darker). */
    public static int color(int piece, int copy) {
        int base = BASE[piece % BASE.length];
        if (piece >= BASE.length) {
            base = mix(base, 0xFFFFFF, 0.35);
        }
        if (copy == 0) {
            return base;
        }
        double shift = ((copy % 5) - 2) * 0.12;
        return shift >= 0 ? mix(base, 0xFFFFFF, shift) : mix(base, 0x000000, -shift);
    }

    /** Top faces lighter, the two side faces darker: a fixed light from above left. */
    public static int shade(int rgb, int face) {
        return switch (face) {
            case 0 -> mix(rgb, 0xFFFFFF, 0.25);
            case 1 -> rgb;
            default -> mix(rgb, 0x000000, 0.25);
        };
    }

    static int mix(int a, int b, double t) {
        int r = (int) Math.round(((a >> 16) & 255) * (1 - t) + ((b >> 16) & 255) * t);
        int g = (int) Math.round(((a >> 8) & 255) * (1 - t) + ((b >> 8) & 255) * t);
        int bl = (int) Math.round((a & 255) * (1 - t) + (b & 255) * t);
        return (r << 16) | (g << 8) | bl;
    }

    /** Black or white, whichever reads better on {@code rgb}. */
    static int ink(int rgb) {
        return isLight(rgb) ? 0x202020 : 0xFFFFFF;
    }

    /** True for colours on which dark text reads better than white. */
    public static boolean isLight(int rgb) {
        return 0.299 * ((rgb >> 16) & 255) + 0.587 * ((rgb >> 8) & 255) + 0.114 * (rgb & 255) > 140;
    }
}
