"""Tools that drive and measure network play from outside the core: the headless command line
(`cli`), the in-memory lossy link on a virtual clock (`link`), the soak test (`soak`) and the TCP
fault proxy (`proxy`)."""
