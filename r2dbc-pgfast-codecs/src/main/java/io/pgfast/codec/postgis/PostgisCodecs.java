package io.pgfast.codec.postgis;

import io.pgfast.codec.Codec;

import java.util.List;

/**
 * The PostGIS codec when JTS is on the class path, none otherwise. Nothing else in this package is loaded
 * before JTS is found, so an application without JTS starts as before and reads {@code geometry} and
 * {@code geography} as their hex EWKB text.
 */
public final class PostgisCodecs {

    /** A JTS class the codec cannot work without; looked up once, without initializing it. */
    private static final String JTS_GEOMETRY = "org.locationtech.jts.geom.Geometry";

    private PostgisCodecs() {
    }

    /** The PostGIS codecs that can work here: one when JTS can be loaded, none otherwise. */
    public static List<Codec> available() {
        return jtsPresent(PostgisCodecs.class.getClassLoader()) ? List.of(new GeometryCodec()) : List.of();
    }

    /** Whether JTS can be loaded through {@code loader}. */
    static boolean jtsPresent(ClassLoader loader) {
        try {
            Class.forName(JTS_GEOMETRY, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }
}
