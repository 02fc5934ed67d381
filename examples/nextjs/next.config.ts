import type { NextConfig } from 'next'

// Nothing Portico-specific: its React entries carry 'use client' themselves.
const nextConfig: NextConfig = {}

export default nextConfig
