package dev.polycube.render;

/**
 * CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation) between sRGB colours, D65 white: the
 * perceptual distance the palette is chosen and tested by. About 2 is a just noticeable difference; pieces
 * that touch should differ by far more.
 */
public final class ColorDistance {

    private ColorDistance() {
    }

    /** CIELAB {L, a, b} of an sRGB colour 0xRRGGBB. */
    static double[] lab(int rgb) {
        double r = linear(((rgb >> 16) & 255) / 255.0);
        double g = linear(((rgb >> 8) & 255) / 255.0);
        double b = linear((rgb & 255) / 255.0);
        double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
        double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
        double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double linear(double c) {
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    /** ΔE00 between two sRGB colours. */
    public static double ciede2000(int rgb1, int rgb2) {
        return ciede2000(lab(rgb1), lab(rgb2));
    }

    /** ΔE00 between two CIELAB colours {L, a, b}. */
    static double ciede2000(double[] p, double[] q) {
        double c1 = Math.hypot(p[1], p[2]);
        double c2 = Math.hypot(q[1], q[2]);
        double cm = (c1 + c2) / 2;
        double g = 0.5 * (1 - Math.sqrt(Math.pow(cm, 7) / (Math.pow(cm, 7) + Math.pow(25, 7))));
        double a1 = (1 + g) * p[1];
        double a2 = (1 + g) * q[1];
        double c1p = Math.hypot(a1, p[2]);
        double c2p = Math.hypot(a2, q[2]);
        double h1 = hue(a1, p[2]);
        double h2 = hue(a2, q[2]);
        double dl = q[0] - p[0];
        double dc = c2p - c1p;
        double dh = 0;
        if (c1p * c2p != 0) {
            dh = h2 - h1;
            if (dh > 180) {
                dh -= 360;
            } else if (dh < -180) {
                dh += 360;
            }
        }
        double dH = 2 * Math.sqrt(c1p * c2p) * Math.sin(Math.toRadians(dh / 2));
        double lm = (p[0] + q[0]) / 2;
        double cmp = (c1p + c2p) / 2;
        double hm = h1 + h2;
        if (c1p * c2p != 0) {
            hm = Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2);
        }
        double t = 1 - 0.17 * Math.cos(Math.toRadians(hm - 30)) + 0.24 * Math.cos(Math.toRadians(2 * hm))
                + 0.32 * Math.cos(Math.toRadians(3 * hm + 6)) - 0.20 * Math.cos(Math.toRadians(4 * hm - 63));
        double dTheta = 30 * Math.exp(-Math.pow((hm - 275) / 25, 2));
        double rc = 2 * Math.sqrt(Math.pow(cmp, 7) / (Math.pow(cmp, 7) + Math.pow(25, 7)));
        double sl = 1 + 0.015 * Math.pow(lm - 50, 2) / Math.sqrt(20 + Math.pow(lm - 50, 2));
        double sc = 1 + 0.045 * cmp;
        double sh = 1 + 0.015 * cmp * t;
        double rt = -Math.sin(Math.toRadians(2 * dTheta)) * rc;
        double x = dl / sl;
        double y = dc / sc;
        double z = dH / sh;
        return Math.sqrt(x * x + y * y + z * z + rt * y * z);
    }

    private static double hue(double a, double b) {
        if (a == 0 && b == 0) {
            return 0;
        }
        double h = Math.toDegrees(Math.atan2(b, a));
        return h < 0 ? h + 360 : h;
    }
}
