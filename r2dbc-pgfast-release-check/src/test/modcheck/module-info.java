/** An application module using the driver on the module path, compiled and run by ModulePathTest. */
module io.pgfast.modcheck {
    requires io.pgfast.r2dbc;
}
