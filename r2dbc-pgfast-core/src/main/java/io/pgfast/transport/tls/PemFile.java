package io.pgfast.transport.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The PEM blocks of a file (RFC 7468 textual encoding; RFC 1421 headers such as
 * {@code Proc-Type} are kept so legacy-encrypted keys can be recognised). Text outside blocks is
 * ignored, as OpenSSL does: files written by {@code openssl pkcs12} carry "Bag Attributes" there.
 */
final class PemFile {

    /** One {@code -----BEGIN label-----} ... {@code -----END label-----} block. */
    record Block(String label, Map<String, String> headers, byte[] der) {
    }

    /** Certificate and key files are small; a larger file is not what the option was meant to name. */
    private static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

    private PemFile() {
    }

    /**
     * @param option the option naming the file, for messages
     * @throws TlsConfigurationException if the file cannot be read or holds a malformed block
     */
    static List<Block> read(String option, Path file) {
        String text;
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new TlsConfigurationException(option + " file " + file + " is larger than " + MAX_FILE_BYTES + " bytes");
            }
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new TlsConfigurationException(option + " file " + file + " does not exist", e);
        } catch (IOException e) {
            throw new TlsConfigurationException(option + " file " + file + " cannot be read: " + e, e);
        }
        return parse(option, file, text);
    }

    static List<Block> parse(String option, Path file, String text) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = text.split("\r?\n|\r");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            if (!line.startsWith("-----BEGIN ") || !line.endsWith("-----")) {
                continue;
            }
            String label = line.substring("-----BEGIN ".length(), line.length() - 5);
            String end = "-----END " + label + "-----";
            Map<String, String> headers = new LinkedHashMap<>();
            StringBuilder base64 = new StringBuilder();
            boolean closed = false;
            for (i++; i < lines.length; i++) {
                String l = lines[i].trim();
                if (l.equals(end)) {
                    closed = true;
                    break;
                }
                int colon = l.indexOf(':');
                if (base64.length() == 0 && colon > 0) {
                    headers.put(l.substring(0, colon).trim(), l.substring(colon + 1).trim());
                } else {
                    base64.append(l);
                }
            }
            if (!closed) {
                throw new TlsConfigurationException(option + " file " + file + ": " + label + " block has no END line");
            }
            try {
                blocks.add(new Block(label, headers, Base64.getDecoder().decode(base64.toString())));
            } catch (IllegalArgumentException e) {
                throw new TlsConfigurationException(option + " file " + file + ": " + label + " block is not valid base64", e);
            }
        }
        return blocks;
    }
}
