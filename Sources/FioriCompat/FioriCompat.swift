// FioriCompat
