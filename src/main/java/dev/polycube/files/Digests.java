package dev.polycube.files;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256, shortened to 64 bits of hex, for checkpoint snapshots, journal records, the analysis journal and count files. */
public final class Digests {

    private Digests() {
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    public static String hex64(MessageDigest d) {
        return HexFormat.of().formatHex(d.digest(), 0, 8);
    }

    public static String hex64(String text) {
        MessageDigest d = sha256();
        d.update(text.getBytes(StandardCharsets.UTF_8));
        return hex64(d);
    }
}
