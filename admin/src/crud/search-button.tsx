import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** A search box's button, named in French (antd's own is an icon that says « search »). */
export const searchButton = <Button aria-label="Lancer la recherche" icon={<SearchOutlined />} />;
