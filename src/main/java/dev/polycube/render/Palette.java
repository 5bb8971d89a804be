package dev.polycube.render;

/**
 * The colours pieces are drawn in: Kelly's 22 colours of maximum contrast, minus white and black, in the
 * order that keeps the first ones farthest apart (each next colour is the one whose smallest CIEDE2000
 * difference to those before it is largest: the first 13 are at least 17 apart, the first 16 at least
 * 15.6), then repeated lighter. Which piece gets which colour is {@link Coloring}'s business. Faces are
 * shaded from it.
 */
public final class Palette {

    static final int[] BASE = {
        0xF3C300, 0x604E97, 0x008856, 0xA1CAF1, 0xE25822, 0xE68FAC, 0x654522, 0x848482, 0x2B3D26, 0x8DB600,
        0xB3446C, 0x0067A5, 0xC2B280, 0xF99379, 0xF38400, 0x882D17, 0xBE0032, 0xF6A600, 0x875692, 0xDCD300};

    private Palette() {
    }

    /** Colour number {@code i} of the palette (past the 20 base colours, lighter repeats). */
    public static int color(int i) {
        int base = BASE[i % BASE.length];
        return i >= BASE.length ? mix(base, 0xFFFFFF, 0.35) : base;
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
